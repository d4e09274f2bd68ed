/**
 * Exam (and signing) instants as the documents print them (spec 1 §9): DD/MM/YYYY HH:mm:ss,
 * MM/DD/YYYY HH:mm:ss in English, in America/Sao_Paulo. One helper for the report PDF and
 * the print-layout PDF's header.
 */
export function saoPauloDateTime(iso: string | Date, lang: string | undefined): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const english = lang?.toLowerCase().startsWith('en') ?? false;
  const date = english ? `${parts.month}/${parts.day}/${parts.year}` : `${parts.day}/${parts.month}/${parts.year}`;
  return `${date} ${parts.hour}:${parts.minute}:${parts.second}`;
}
