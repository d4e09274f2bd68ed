/** DD/MM/YYYY HH:mm (MM/DD/YYYY for English, spec 1 §9) in America/Sao_Paulo. */
export function saoPauloDateTime(iso: string | Date, lang: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const date = lang === 'en' ? `${parts.month}/${parts.day}/${parts.year}` : `${parts.day}/${parts.month}/${parts.year}`;
  return `${date} ${parts.hour}:${parts.minute}`;
}
