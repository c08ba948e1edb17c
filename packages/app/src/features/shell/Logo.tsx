// The PayPortal word mark, drawn in the theme's primary colour.
import { vars } from '../../theme/themes.css.ts';

export function Logo({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 220 64" aria-hidden="true" focusable="false">
      <rect x="4" y="14" width="36" height="36" rx="8" fill={vars.color.primary} />
      <path d="M14 40V24h9a6 6 0 0 1 0 12h-9" fill="none" stroke={vars.color.onPrimary} strokeWidth="4" />
      <text x="50" y="42" fontSize="26" fontWeight="700" fill={vars.color.text} fontFamily="system-ui, sans-serif">
        PayPortal
      </text>
    </svg>
  );
}
