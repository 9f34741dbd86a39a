// The bottom panel's tabs: a small registry so each feature adds its own
// tab (a button with role=tab and a role=tabpanel) without editing the
// others. Tabs already in index.html are adopted by name.
//
//   const panel = tabs.add('summary', 'Summary');   // -> the panel element
//   tabs.show('summary');  tabs.onShow('summary', () => refresh());

import {el} from './dom.js';

export class Tabs {
  // tablist: the role=tablist element; container: where panels go.
  constructor(tablist, container) {
    this._tablist = tablist;
    this._container = container;
    this._tabs = new Map();  // name -> {tab, panel, listeners}
    tablist.addEventListener('keydown', (e) => this._arrowKeys(e));
  }

  // Registers a tab that exists in the page (#tab-NAME, #NAME-panel).
  adopt(name) {
    const tab = document.getElementById(`tab-${name}`);
    const panel = document.getElementById(`${name}-panel`);
    this._register(name, tab, panel);
    tab.addEventListener('click', () => this.show(name));
    return panel;
  }

  // Adds a tab labelled |label| after the others; returns its panel.
  add(name, label) {
    const tab = el('button', {id: `tab-${name}`, textContent: label});
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-selected', 'false');
    tab.setAttribute('aria-controls', `${name}-panel`);
    tab.tabIndex = -1;
    const panel = el('div', {id: `${name}-panel`, className: 'panel', hidden: true});
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', `tab-${name}`);
    this._tablist.appendChild(tab);
    this._container.appendChild(panel);
    this._register(name, tab, panel);
    tab.addEventListener('click', () => this.show(name));
    return panel;
  }

  // Calls |fn| each time tab |name| is shown.
  onShow(name, fn) { this._tabs.get(name).listeners.push(fn); }

  get current() {
    for (const [name, t] of this._tabs) if (!t.panel.hidden) return name;
    return null;
  }

  show(name) {
    if (!this._tabs.has(name)) return;
    for (const [n, t] of this._tabs) {
      t.tab.setAttribute('aria-selected', String(n === name));
      t.tab.tabIndex = n === name ? 0 : -1;
      t.panel.hidden = n !== name;
    }
    for (const fn of this._tabs.get(name).listeners) fn();
  }

  _register(name, tab, panel) {
    this._tabs.set(name, {tab, panel, listeners: []});
  }

  // Left / Right move between tabs (the ARIA tabs pattern).
  _arrowKeys(e) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const names = [...this._tabs.keys()];
    const i = names.indexOf(this.current);
    const next = names[(i + (e.key === 'ArrowRight' ? 1 : names.length - 1)) % names.length];
    this.show(next);
    this._tabs.get(next).tab.focus();
    e.preventDefault();
  }
}
