import { deadlineMail, mailLang } from './deadline-mail';

const data = {
  patientName: 'Ana <Souza>',
  examType: 'TC de crânio',
  routineName: 'Urgência',
  deadline: '2026-11-27T15:00:00.000Z',
  institutionId: null,
};

it("writes the overdue mail in the recipient's language, with the study link", () => {
  const pt = deadlineMail('overdue', data, 'https://laudos.example/studies/report/s1', 'pt-BR');
  expect(pt.subject).toBe('Exame em atraso: Ana <Souza> — TC de crânio');
  expect(pt.text).toContain('(rotina Urgência) venceu em');
  expect(pt.text.endsWith('https://laudos.example/studies/report/s1')).toBe(true);
  // The patient's name is escaped in the HTML part.
  expect(pt.html).toContain('Ana &#60;Souza&#62;');
  expect(deadlineMail('overdue', data, '/x', 'en').subject).toBe('Overdue exam: Ana <Souza> — TC de crânio');
  expect(deadlineMail('alert', data, '/x', 'es').subject).toBe('Examen cerca del plazo: Ana <Souza> — TC de crânio');
});

it('falls back to pt-BR for an unset or unknown language', () => {
  expect(mailLang(null)).toBe('pt-BR');
  expect(mailLang('fr')).toBe('pt-BR');
  expect(mailLang('es')).toBe('es');
});
