// What other features may use of documents/: they import from this file only (eslint.config.js); app.ts
// composes the feature through registerDocuments.ts.
export { pdfBytes, type Pdf } from './pdfBytes.ts';
export { cellText, heading } from './renderStatementPdf.ts';
export { findDocument, toPortalDocument } from './documentRepository.ts';
export { saveGenerated, type GeneratedFile } from './saveGenerated.ts';
export { viewerOf as documentViewerOf } from './documentRouteParts.ts';
