// A hidden-by-default text label laid over the canvas (split-view captions, lab verdicts).

export function overlayLabel(parent: HTMLElement, className: string, testId: string): HTMLElement {
  const element = document.createElement('div');
  element.className = className;
  element.dataset.testid = testId;
  element.hidden = true;
  parent.appendChild(element);
  return element;
}
