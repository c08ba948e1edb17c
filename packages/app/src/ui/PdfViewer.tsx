// A PDF shown in the page with PDF.js (pdfjs-dist), loaded only when a document (or a dispute's
// evidence) is opened, so neither /auth nor a list carries it. The worker is a file of the app's own
// origin (the CSP's script-src 'self' covers it); eval stays off. The bytes come from the API with the
// bearer token in a header; nothing about the session goes into a URL.
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import * as styles from './pdfViewer.css.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages beyond this are not drawn (a notice says so); the download has them all. */
const MAX_PAGES = 30;
/** An A4 page reads well at this width; wider only makes the reader scroll more. */
const MAX_WIDTH = 860;

export interface PdfViewerProps {
  /** Reads the PDF's bytes (with the bearer token in a header); a new function opens the file again, so keep it stable. */
  loadBytes: (signal: AbortSignal) => Promise<ArrayBuffer>;
  title: string;
}

export function PdfViewer({ loadBytes, title }: PdfViewerProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<{ state: 'loading' | 'shown' | 'failed'; pages: number }>({
    state: 'loading',
    pages: 0,
  });

  useEffect(() => {
    const controller = new AbortController();
    const target = holder.current!;
    let pdf: PDFDocumentProxy | null = null;
    let drawnWidth = 0;
    let drawing = Promise.resolve();
    const widthNow = () => Math.min(Math.max(target.clientWidth - 32, 260), MAX_WIDTH);
    // Pages are drawn for the holder's width, and drawn again when it changes (a turned phone, a resized frame).
    const draw = () => {
      drawing = drawing.then(async () => {
        const width = widthNow();
        if (!pdf || controller.signal.aborted || Math.abs(width - drawnWidth) < 8) return;
        drawnWidth = width;
        const drawn: HTMLElement[] = [];
        for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES) && !controller.signal.aborted; number++)
          drawn.push(await drawPage(pdf, number, width, title));
        if (!controller.signal.aborted) target.replaceChildren(...drawn);
      });
      return drawing;
    };
    const resized = new ResizeObserver(() => void draw().catch(() => undefined));
    const show = async () => {
      const bytes = await loadBytes(controller.signal);
      pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
      await draw();
      if (controller.signal.aborted) return;
      setStatus({ state: 'shown', pages: pdf.numPages });
      resized.observe(target);
    };
    show().catch(() => {
      if (!controller.signal.aborted) setStatus({ state: 'failed', pages: 0 });
    });
    return () => {
      controller.abort();
      resized.disconnect();
      void pdf?.destroy();
    };
  }, [loadBytes, title]);

  return (
    <>
      <p role="status">
        {status.state === 'loading' && 'Opening the document…'}
        {status.state === 'shown' &&
          `${status.pages} ${status.pages === 1 ? 'page' : 'pages'}${status.pages > MAX_PAGES ? `, the first ${MAX_PAGES} shown: download it for the rest` : ''}.`}
      </p>
      {status.state === 'failed' && <p role="alert">This document could not be shown. Download it instead.</p>}
      <div ref={holder} className={styles.pages} data-testid="pdf-pages" />
    </>
  );
}

async function drawPage(pdf: PDFDocumentProxy, number: number, width: number, title: string): Promise<HTMLElement> {
  const page = await pdf.getPage(number);
  const scale = width / page.getViewport({ scale: 1 }).width;
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  const wrapper = document.createElement('div');
  wrapper.className = styles.page;
  wrapper.style.width = `${viewport.width}px`;
  wrapper.style.setProperty('--total-scale-factor', String(scale));
  const canvas = document.createElement('canvas');
  canvas.className = styles.canvas;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `${title}, page ${number} of ${pdf.numPages}`);
  const text = document.createElement('div');
  text.className = styles.textLayer;
  wrapper.append(canvas, text);
  await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
  await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();
  return wrapper;
}
