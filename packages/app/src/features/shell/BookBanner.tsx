// Which book a scoped user is looking at (README "Scoped books"), on every screen: below the header, and
// at the top of the frame where the header is hidden. The server names the book (the caller's scope, or
// a partner session's); an unscoped user, or an answer that did not come, shows nothing.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/index.ts';
import * as styles from './BookBanner.css.ts';

export function BookBanner() {
  const { current, framed } = useSnapshot(session);
  // Only a scoped session asks: everyone else sees the whole organisation and no banner.
  const key = current.status === 'signedIn' && current.scoped ? `${current.user.id}/${framed}` : null;
  const [book, setBook] = useState<{ key: string; label: string | null } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    import('./callerBookApi.ts')
      .then(({ fetchBookLabel }) => fetchBookLabel(controller.signal))
      .then(
        (label) => setBook({ key, label }),
        () => setBook({ key, label: null }),
      );
    return () => controller.abort();
  }, [key]);

  if (key === null || book?.key !== key || book.label === null) return null;
  return (
    <aside aria-label="Book" className={framed ? styles.framedBanner : styles.banner}>
      {book.label}
    </aside>
  );
}
