// A notice laid over the middle of the view for what keeps the page from working as it should
// (no WebGL, a start-up failure): what is missing, and what to do about it. Text only, no HTML.

/**
 * Adds a notice to `parent` and returns it. `testId` names it for tests; `lines` become
 * paragraphs under the title.
 */
export function showNotice(
  parent: HTMLElement,
  testId: string,
  title: string,
  lines: readonly string[],
): HTMLElement {
  const notice = document.createElement('div');
  notice.className = 'notice';
  notice.dataset.testid = testId;
  notice.setAttribute('role', 'alert');
  const heading = document.createElement('strong');
  heading.textContent = title;
  notice.appendChild(heading);
  for (const line of lines) {
    const paragraph = document.createElement('p');
    paragraph.textContent = line;
    notice.appendChild(paragraph);
  }
  parent.appendChild(notice);
  return notice;
}
