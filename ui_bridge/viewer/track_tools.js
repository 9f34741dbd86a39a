// The track toolbar above the tree: a name filter and expand / collapse
// all. Pinning is per row (the pin button in each track's label).

import {el} from './dom.js';

export class TrackTools {
  // before: the element the toolbar is inserted before; tree: TrackTree.
  constructor(before, tree) {
    this._tree = tree;
    this.filter = el('input', {type: 'search', className: 'track-filter', placeholder: 'Filter tracks'});
    this.filter.setAttribute('aria-label', 'Filter tracks');
    const expand = el('button', {className: 'link', textContent: 'Expand all'});
    const collapse = el('button', {className: 'link', textContent: 'Collapse all'});
    let typing = 0;
    this.filter.addEventListener('input', () => {
      clearTimeout(typing);
      typing = setTimeout(() => tree.setFilter(this.filter.value), 100);
    });
    this.filter.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        this.filter.value = '';
        tree.setFilter('');
        this.filter.blur();
      }
    });
    expand.addEventListener('click', () => tree.expandAll());
    collapse.addEventListener('click', () => tree.collapseAll());
    const bar = el('div', {className: 'track-tools'}, this.filter, expand, collapse);
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'Tracks');
    before.before(bar);
  }

  clear() { this.filter.value = ''; }
  focus() { this.filter.focus(); }
}
