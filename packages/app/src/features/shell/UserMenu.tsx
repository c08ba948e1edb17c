// Header dropdown, as a WAI-ARIA menu button: Enter, Space or ArrowDown open it on the first
// item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the button; Tab
// and a click outside close it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { avatarColour, avatarLetter } from './avatarColour.ts';
import type { MenuLink } from './menuItemsFor.ts';
import * as styles from './UserMenu.css.ts';

interface UserMenuProps {
  name: string;
  links: MenuLink[];
  onSignOut: () => void;
}

export function UserMenu({ name, links, onSignOut }: UserMenuProps) {
  const [focused, setFocused] = useState<number | null>(null);
  const open = focused !== null;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const count = links.length + 1; // the links, then Sign out

  useEffect(() => {
    if (focused !== null) menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focused]?.focus();
  }, [focused]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setFocused(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setFocused(null);
    triggerRef.current?.focus();
  };

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setFocused(event.key === 'ArrowDown' ? 0 : count - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => ((focused ?? -1) + 1) % count,
      ArrowUp: () => ((focused ?? 0) - 1 + count) % count,
      Home: () => 0,
      End: () => count - 1,
    };
    if (moves[event.key]) {
      event.preventDefault();
      setFocused(moves[event.key]!());
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setFocused(null);
    }
  };

  return (
    <div ref={wrapperRef} className={styles.wrapper}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        onClick={() => (open ? setFocused(null) : setFocused(0))}
        onKeyDown={onTriggerKey}
      >
        <span
          className={styles.avatar}
          style={{ background: avatarColour(name) }}
          aria-hidden="true"
          data-testid="avatar"
        >
          {avatarLetter(name)}
        </span>
      </button>
      {open && (
        <ul ref={menuRef} id={menuId} role="menu" aria-label="Account" className={styles.menu} onKeyDown={onMenuKey}>
          {links.map((link) => (
            <li key={link.href} role="none">
              <Link
                href={link.href}
                role="menuitem"
                tabIndex={-1}
                className={styles.item}
                onClick={() => setFocused(null)}
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li role="separator" className={styles.separator} />
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={onSignOut}>
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
