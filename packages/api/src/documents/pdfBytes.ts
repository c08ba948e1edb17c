// A pdfkit document collected into bytes. The document's dates are fixed by the caller, so the same
// figures make the same file (and the same SHA-256).
import PDFDocument from 'pdfkit';

export type Pdf = InstanceType<typeof PDFDocument>;

export async function pdfBytes(
  info: { title: string; createdAt: Date; layout?: 'portrait' | 'landscape' },
  draw: (pdf: Pdf) => void,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: info.layout ?? 'portrait',
    margin: 48,
    info: {
      Title: info.title,
      Producer: 'PayPortal',
      Creator: 'PayPortal',
      CreationDate: info.createdAt,
      ModDate: info.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  draw(pdf);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}
