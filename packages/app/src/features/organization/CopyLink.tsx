import { useId, useState } from 'react';
import { secondaryButton } from '../../ui/button.css.ts';
import * as styles from './organization.css.ts';

/** A read-only link with a Copy button; the field stays selectable when the clipboard is refused. */
export function CopyLink({ label, href }: { label: string; href: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={href} onFocus={(event) => event.currentTarget.select()} />
      <button type="button" className={secondaryButton} onClick={copy}>
        Copy link
      </button>
      <span role="status">
        {copied === 'copied' ? 'Copied.' : copied === 'failed' ? 'Copy failed: select the link and copy it.' : ''}
      </span>
    </div>
  );
}
