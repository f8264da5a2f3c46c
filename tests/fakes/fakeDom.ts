// The least of a DOM that the page's per-frame path touches, for Node: elements that count
// their textContent writes, a canvas with no WebGL (three.js then builds its scene graph and
// instance matrices but draws nothing), and a requestAnimationFrame that the caller drives.

/** Listeners by event type. */
type Listener = (event: unknown) => void;

/** An element: children, attributes, listeners, and a count of textContent writes. */
export class FakeElement {
  readonly tagName: string;
  readonly children: FakeElement[] = [];
  readonly style: Record<string, string> = {};
  readonly dataset: Record<string, string> = {};
  readonly attributes = new Map<string, string>();
  private readonly listeners = new Map<string, Listener[]>();
  parent: FakeElement | null = null;
  hidden = false;
  className = '';
  title = '';
  type = '';
  clientWidth = 1280;
  clientHeight = 720;
  /** How many times textContent was written (whatever the value). */
  textWrites = 0;
  private text = '';
  private readonly rect = { left: 0, top: 0, width: 1280, height: 720, right: 1280, bottom: 720 };
  readonly ownerDocument: FakeDocument;

  constructor(tagName: string, ownerDocument: FakeDocument) {
    this.tagName = tagName.toUpperCase();
    this.ownerDocument = ownerDocument;
  }

  get textContent(): string {
    if (this.children.length === 0) return this.text;
    let text = this.text;
    for (const child of this.children) text += child.textContent;
    return text;
  }

  set textContent(value: string) {
    this.textWrites++;
    this.text = value;
    this.children.length = 0;
  }

  /** Text writes on this element and everything under it. */
  totalTextWrites(): number {
    let writes = this.textWrites;
    for (const child of this.children) writes += child.totalTextWrites();
    return writes;
  }

  get isConnected(): boolean {
    return this.parent !== null;
  }

  get childElementCount(): number {
    return this.children.length;
  }

  get firstElementChild(): FakeElement | null {
    return this.children[0] ?? null;
  }

  appendChild(child: FakeElement): FakeElement {
    child.remove();
    child.parent = this;
    this.children.push(child);
    return child;
  }

  append(...children: FakeElement[]): void {
    for (const child of children) this.appendChild(child);
  }

  remove(): void {
    const parent = this.parent;
    if (!parent) return;
    parent.children.splice(parent.children.indexOf(this), 1);
    this.parent = null;
  }

  replaceChildren(...children: FakeElement[]): void {
    for (const child of this.children.splice(0)) child.parent = null;
    this.append(...children);
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  addEventListener(type: string, listener: Listener): void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener);
    this.listeners.set(type, list);
  }

  removeEventListener(type: string, listener: Listener): void {
    const list = this.listeners.get(type);
    if (list) list.splice(list.indexOf(listener), 1);
  }

  /** Calls the listeners of `type` with `event` (an indexed loop: dispatching allocates nothing). */
  dispatch(type: string, event: unknown): void {
    const list = this.listeners.get(type);
    if (!list) return;
    for (let i = 0; i < list.length; i++) (list[i] as Listener)(event);
  }

  getContext(): null {
    return null;
  }

  getBoundingClientRect(): typeof this.rect {
    return this.rect;
  }

  getRootNode(): FakeDocument {
    return this.ownerDocument;
  }

  setPointerCapture(): void {}
  releasePointerCapture(): void {}
  hasPointerCapture(): boolean {
    return false;
  }
}

export class FakeDocument extends FakeElement {
  visibilityState = 'visible';
  readonly body: FakeElement;

  constructor() {
    super('#document', undefined as unknown as FakeDocument);
    this.body = new FakeElement('body', this);
  }

  createElement(tagName: string): FakeElement {
    return new FakeElement(tagName, this);
  }
}

/** The installed fakes: the document, and the frame callback the page asked for last. */
export interface FakePage {
  document: FakeDocument;
  window: FakeElement & { devicePixelRatio: number };
  /** Runs the pending animation frame at `nowMs`; false when none was asked for. */
  runAnimationFrame(nowMs: number): boolean;
}

/**
 * Puts `document`, `window`, `HTMLElement` and requestAnimationFrame on globalThis (Node has
 * none of them). The page's code then runs unchanged; nothing is drawn.
 */
export function installFakeDom(): FakePage {
  const document = new FakeDocument();
  const window = Object.assign(new FakeElement('#window', document), {
    devicePixelRatio: 1,
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  });
  let pending: ((nowMs: number) => void) | null = null;
  let handle = 0;
  const g = globalThis as Record<string, unknown>;
  g.document = document;
  g.window = window;
  g.HTMLElement = FakeElement;
  g.requestAnimationFrame = (callback: (nowMs: number) => void): number => {
    pending = callback;
    return ++handle;
  };
  g.cancelAnimationFrame = (): void => {
    pending = null;
  };
  return {
    document,
    window,
    runAnimationFrame(nowMs: number): boolean {
      const callback = pending;
      if (!callback) return false;
      pending = null;
      callback(nowMs);
      return true;
    },
  };
}
