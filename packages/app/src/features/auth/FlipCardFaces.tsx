import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import * as styles from './authLayout.css.ts';
import { flipIn } from './FlipCardFaces.css.ts';
import type { FlipFace } from './useFlipSave.ts';

interface FlipCardFacesProps {
  face: FlipFace;
  error: string | null;
  onBack: () => void;
  /** The front face: the form. */
  children: ReactNode;
}

/**
 * The saving and result faces shared by the change-password card and the name update.
 * Each change of face flips the card in (FlipCardFaces.css.ts; none with prefers-reduced-motion); the
 * faces hold for the 1 s, 0.5 s and 1 s (useFlipSave). The form does not flip on first load. The other
 * faces keep at least the form's height, so what lies below the card does not move while it flips.
 */
export function FlipCardFaces(props: FlipCardFacesProps) {
  const [flipped, setFlipped] = useState(false);
  if (props.face !== 'front' && !flipped) setFlipped(true); // from the first save on, every face flips in
  const frontHeight = useRef(0);
  const faceElement = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = faceElement.current;
    if (!element) return;
    if (props.face === 'front') frontHeight.current = element.offsetHeight;
    else element.style.minHeight = `${frontHeight.current}px`;
  });
  return (
    <div key={props.face} ref={faceElement} data-face={props.face} className={flipped ? flipIn : undefined}>
      <Face {...props} />
    </div>
  );
}

function Face({ face, error, onBack, children }: FlipCardFacesProps) {
  if (face === 'front') return <>{children}</>;
  if (face === 'failed') {
    return (
      <div className={styles.form}>
        <h2>Uh Oh! Something went wrong.</h2>
        <p role="alert" className={styles.alert}>
          Error: {error}
        </p>
        <button type="button" className={styles.primaryButton} onClick={onBack}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <p role="status" aria-live="polite" style={{ fontSize: '1.25rem', textAlign: 'center', margin: '2rem 0' }}>
      {face === 'saving' ? 'One sec...' : 'Saved!'}
    </p>
  );
}
