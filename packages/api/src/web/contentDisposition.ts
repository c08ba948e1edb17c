// Content-Disposition for a download (RFC 6266): an ASCII `filename` for old clients and the exact
// name as UTF-8 in `filename*` (RFC 8187), so a name with accents or quotes can neither break the
// header nor choose another path.
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
