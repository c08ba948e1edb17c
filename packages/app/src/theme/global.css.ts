import { globalStyle } from '@vanilla-extract/css';
import { vars } from './themes.css.ts';

globalStyle('html, body', {
  margin: 0,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  color: '#1b1f24',
  background: '#f6f8fa',
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

// Keyboard users always see where they are.
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
