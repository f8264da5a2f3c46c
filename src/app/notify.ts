// How the app tells the user something: a callback the page's composition root hands it (the
// message list is ui/'s, which app/ never imports), returning a handle on the message shown.

/** A message on screen: whether it still is (the user may dismiss it), and a way to take it off. */
export interface ShownMessage {
  readonly isConnected: boolean;
  remove(): void;
}

/** Shows `text` (with `lines` as a list under it) as an error, a warning or a note. */
export type Notify = (
  text: string,
  kind?: 'error' | 'warning' | 'info',
  lines?: readonly string[],
) => ShownMessage;
