// Foundation only: mounts and removes the portal's iframe. The origin-checked handshake, the private
// channel and the events of DESIGN.md §5 arrive with issue #6; until then `ready` means only that
// the frame's document loaded.

export interface MountPortalOptions {
  /** Element (or CSS selector) the iframe is appended to. */
  container: HTMLElement | string;
  /** The portal's URL. */
  src: string;
  /** Accessible name of the frame. */
  title?: string;
}

export interface PortalHandle {
  ready: Promise<void>;
  destroy(): void;
}

export function mountPortal(options: MountPortalOptions): PortalHandle {
  const container =
    typeof options.container === 'string' ? document.querySelector<HTMLElement>(options.container) : options.container;
  if (!container) throw new TypeError(`mountPortal: no element matches container "${String(options.container)}"`);
  const iframe = document.createElement('iframe');
  iframe.src = options.src;
  iframe.title = options.title ?? 'PayPortal';
  iframe.style.border = '0';
  iframe.style.width = '100%';
  const ready = new Promise<void>((resolve) => iframe.addEventListener('load', () => resolve(), { once: true }));
  container.appendChild(iframe);
  return {
    ready,
    destroy: () => iframe.remove(),
  };
}
