// What the alert and subscription mails share: HTML escaping and a table that reads in plain text too.
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function htmlTable(
  header: readonly string[],
  rows: readonly (readonly { text: string; href?: string }[])[],
): string {
  const cell = (value: { text: string; href?: string }) =>
    value.href ? `<a href="${escapeHtml(value.href)}">${escapeHtml(value.text)}</a>` : escapeHtml(value.text);
  return `<table style="border-collapse:collapse" cellpadding="6" border="1"><thead><tr>${header.map((name) => `<th align="left">${escapeHtml(name)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((value) => `<td>${cell(value)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

export const textTable = (header: readonly string[], rows: readonly (readonly { text: string }[])[]) =>
  [header.join(' | '), ...rows.map((row) => row.map((value) => value.text).join(' | '))].join('\n');
