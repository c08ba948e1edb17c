import { globalStyle } from '@vanilla-extract/css';

globalStyle('html, body', {
  margin: 0,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  color: '#1b1f24',
  background: '#f6f8fa',
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
