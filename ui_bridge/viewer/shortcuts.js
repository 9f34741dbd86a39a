// Keyboard shortcuts: one registry that every feature adds its keys to,
// one keydown dispatcher, and the help dialog (`?`) listing them all, so
// the list shown is always the list that works.
//
//   shortcuts.add({keys: ['f'], label: 'F', description: 'Zoom to ...', run: (e) => ...});
//   shortcuts.describe('drag', 'Pan');   // Mouse gestures: listed, not dispatched.

import {el} from './dom.js';

export class Shortcuts {
  constructor() {
    this._entries = [];  // {keys, label, description, run, whileTyping}
    window.addEventListener('keydown', (e) => this._dispatch(e));
  }

  // keys: key names as KeyboardEvent.key gives them, lower-cased, with
  // "ctrl+" for Ctrl or Cmd (e.g. 'ctrl+f', '/', 'shift+enter').
  // whileTyping: the keys that also work when the focus is in a text field.
  add({keys, label, description, run, whileTyping = []}) {
    this._entries.push({keys, label, description, run, whileTyping});
  }

  // A gesture or a key handled elsewhere, listed in the help only.
  describe(label, description) {
    this._entries.push({keys: [], label, description, run: null});
  }

  get entries() { return this._entries.map(({label, description}) => ({label, description})); }

  _dispatch(e) {
    const typing = isTyping(e.target);
    const name = keyName(e);
    // A modal dialog (the help) keeps its keys: Esc closes it; ? too.
    if (document.querySelector('dialog[open]') && name !== '?') return;
    for (const s of this._entries) {
      if (!s.run || !s.keys.includes(name) || (typing && !s.whileTyping.includes(name))) continue;
      e.preventDefault();
      s.run(e);
      return;
    }
  }
}

// 'ctrl+shift+f' style name of a key event (Cmd counts as Ctrl).
export function keyName(e) {
  const key = e.key.toLowerCase();
  const mods = [];
  if (e.ctrlKey || e.metaKey) mods.push('ctrl');
  if (e.altKey) mods.push('alt');
  // Shift is part of printed keys ('?', 'F'); named only for named keys.
  if (e.shiftKey && e.key.length > 1) mods.push('shift');
  return [...mods, key].join('+');
}

export function isTyping(target) {
  return !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' ||
      target.tagName === 'SELECT' || target.isContentEditable);
}

// The help dialog: a modal <dialog> with a table of every shortcut.
export class HelpDialog {
  constructor(shortcuts) {
    this._shortcuts = shortcuts;
    this._dialog = el('dialog', {className: 'help-dialog', id: 'help-dialog'});
    this._dialog.setAttribute('aria-labelledby', 'help-title');
    document.body.appendChild(this._dialog);
  }

  get isOpen() { return this._dialog.open; }

  toggle() {
    if (this._dialog.open) this._dialog.close();
    else this.open();
  }

  open() {
    const rows = this._shortcuts.entries.map(({label, description}) =>
      el('tr', {}, el('th', {scope: 'row'}, el('kbd', {}, label)), el('td', {}, description)));
    const close = el('button', {className: 'button', textContent: 'Close'});
    close.addEventListener('click', () => this._dialog.close());
    this._dialog.replaceChildren(
        el('h2', {id: 'help-title'}, 'Keyboard shortcuts'),
        el('table', {className: 'help-table'},
            el('thead', {}, el('tr', {}, el('th', {}, 'Key'), el('th', {}, 'Action'))),
            el('tbody', {}, ...rows)),
        close);
    this._dialog.showModal();
    close.focus();
  }
}
