// Visible, dismissable messages (bad URL parameters, rejected panel values, warnings). User text
// only ever goes in through textContent, never innerHTML.

import { t } from '../i18n/language';

export type MessageKind = 'error' | 'warning' | 'info';

export class Messages {
  private readonly root: HTMLElement;

  constructor(parent: HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'messages';
    this.root.setAttribute('role', 'status');
    this.root.setAttribute('aria-live', 'polite');
    parent.appendChild(this.root);
  }

  /** One message; with `lines`, a list under `text` (many bad URL parameters stay one message). */
  show(text: string, kind: MessageKind = 'error', lines: readonly string[] = []): HTMLElement {
    const item = document.createElement('div');
    item.className = `message message-${kind}`;
    item.dataset.testid = 'message';
    const body = document.createElement('div');
    body.className = 'message-text';
    body.textContent = text;
    if (lines.length > 0) {
      const list = document.createElement('ul');
      for (const line of lines) {
        const entry = document.createElement('li');
        entry.textContent = line;
        list.appendChild(entry);
      }
      body.appendChild(list);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'message-close';
    close.textContent = '×';
    close.title = t('message.dismiss');
    close.setAttribute('aria-label', t('message.dismissLabel'));
    close.addEventListener('click', () => item.remove());
    item.append(body, close);
    this.root.appendChild(item);
    // Keep the newest few: a flood of errors must not cover the scene.
    while (this.root.childElementCount > 6) this.root.firstElementChild?.remove();
    return item;
  }
}
