// The way into the tour while its card is closed: on a first visit an offer ("Tour: Fix Your
// Timestep in six chapters") with a button that dismisses it for good, remembered in the
// browser; once dismissed a plain "Tour" button; after a chapter was open, "Resume the tour".

import { t } from '../i18n/language';

/** Where the dismissal is remembered (this origin's localStorage). */
export const OFFER_DISMISSED_KEY = 'fixed-step-sandbox:tour-offer-dismissed';

/** Whether this browser dismissed the offer before (storage that cannot be read: no). */
function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the dismissal; storage that refuses (a private window) forgets it at the end. */
function rememberDismissed(): void {
  try {
    window.localStorage.setItem(OFFER_DISMISSED_KEY, '1');
  } catch {
    // Nothing to do: the offer stays dismissed for this page.
  }
}

export class TourEntry {
  readonly root: HTMLElement;
  private readonly openButton: HTMLButtonElement;
  private readonly dismissButton: HTMLButtonElement;
  private dismissed = dismissedBefore();
  /** Whether a chapter has been open in this page (the button then resumes it). */
  private visited = false;

  /** @param onOpen opens the tour at the chapter left (the first before any). */
  constructor(parent: HTMLElement, onOpen: () => void) {
    this.root = document.createElement('div');
    this.root.className = 'tour-entry';
    this.root.dataset.testid = 'tour-entry';
    this.openButton = document.createElement('button');
    this.openButton.type = 'button';
    this.openButton.className = 'tour-open';
    this.openButton.dataset.testid = 'tour-open';
    this.openButton.addEventListener('click', onOpen);
    this.dismissButton = document.createElement('button');
    this.dismissButton.type = 'button';
    this.dismissButton.className = 'tour-offer-close';
    this.dismissButton.dataset.testid = 'tour-offer-close';
    this.dismissButton.textContent = '×';
    this.dismissButton.addEventListener('click', () => {
      this.dismissed = true;
      rememberDismissed();
      this.relabel();
    });
    this.root.append(this.openButton, this.dismissButton);
    parent.append(this.root);
    this.relabel();
  }

  /** The card opened: the entry steps aside, and from now on it resumes. */
  hide(): void {
    this.visited = true;
    this.root.hidden = true;
  }

  /** The card closed: the entry is back. */
  show(): void {
    this.root.hidden = false;
    this.relabel();
  }

  /** The words in the page's language, for the entry's state now. */
  relabel(): void {
    const offering = !this.visited && !this.dismissed;
    this.root.dataset.state = this.visited ? 'resume' : offering ? 'offer' : 'tour';
    this.openButton.textContent = t(
      this.visited ? 'tour.open' : offering ? 'tour.offer' : 'tour.short',
    );
    this.dismissButton.hidden = !offering;
    this.dismissButton.setAttribute('aria-label', t('tour.offerClose'));
    this.dismissButton.title = t('tour.offerClose');
  }
}
