import { mountPortal } from '@payportal/embed-sdk';
import { useEffect, useRef } from 'preact/hooks';
import type { DemoConfig } from './demoConfig.ts';

export function App({ config }: { config: DemoConfig }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const portal = mountPortal({ container: container.current!, src: config.portalUrl });
    return () => portal.destroy();
  }, [config.portalUrl]);
  return (
    <>
      <header>
        <h1>Northwind Partner Portal</h1>
        <p>A partner portal that frames PayPortal with @payportal/embed-sdk.</p>
      </header>
      <div ref={container} />
    </>
  );
}
