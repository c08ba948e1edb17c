// One evidence file in the page: a PDF with the portal's PDF viewer (PDF.js, its own lazy chunk), an
// image as an <img> of its bytes. The bytes come with the bearer token in a header, never in a URL.
import type { DisputeEvidence } from '@payportal/shared/disputes';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { fetchEvidenceBytes } from './disputesApi.ts';
import * as styles from './disputes.css.ts';

const PdfViewer = lazy(() => import('../../ui/PdfViewer.tsx').then((module) => ({ default: module.PdfViewer })));

function ImageView({ load, file }: { load: (signal: AbortSignal) => Promise<ArrayBuffer>; file: DisputeEvidence }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    load(controller.signal).then(
      (bytes) => {
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: file.content_type }));
        setUrl(objectUrl);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [load, file.content_type]);
  if (failed) return <p role="alert">This file could not be shown.</p>;
  if (!url) return <p role="status">Opening the file…</p>;
  return <img src={url} alt={file.file_name} className={styles.image} />;
}

export function EvidenceViewer({ chargebackId, file }: { chargebackId: number; file: DisputeEvidence }) {
  const load = useCallback(
    (signal: AbortSignal) => fetchEvidenceBytes(chargebackId, file.id, signal),
    [chargebackId, file.id],
  );
  return (
    <div className={styles.viewer}>
      {file.content_type === 'application/pdf' ? (
        <Suspense fallback={<p role="status">Opening the document…</p>}>
          <PdfViewer loadBytes={load} title={file.file_name} />
        </Suspense>
      ) : (
        <ImageView load={load} file={file} />
      )}
    </div>
  );
}
