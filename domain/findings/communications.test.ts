import { RecordCommunicationBody, ackWindowMs, communicationStatus, isConfirmedFinding, patientInitials } from './communications';
import { ackRequestMail, escalationMail } from './communication-mail';

const study = '6f1c1c7e-5d7a-4f43-9a55-2d1f0b1b2c3d';

it('initials leave out particles and DICOM carets', () => {
  expect(patientInitials('Maria da Silva Souza')).toBe('M. S. S.');
  expect(patientInitials('SOUZA^JOAO^DE')).toBe('S. J.');
  expect(patientInitials(null)).toBe('—');
});

it('status: acknowledged wins over escalated; neither is awaiting', () => {
  expect(communicationStatus({ acknowledgedAt: null, escalatedAt: null })).toBe('awaiting');
  expect(communicationStatus({ acknowledgedAt: null, escalatedAt: 'x' })).toBe('escalated');
  expect(communicationStatus({ acknowledgedAt: 'y', escalatedAt: 'x' })).toBe('acknowledged');
});

it('only a finding or an accepted suspicion is communicated', () => {
  expect(isConfirmedFinding('SUSPICION_CREATED')).toBe(false);
  expect(isConfirmedFinding('SUSPICION_ACCEPTED')).toBe(true);
  expect(isConfirmedFinding('FINDING_CREATED')).toBe(true);
});

it('e-mail needs an address; phone takes an optional time received; the receiver is required', () => {
  expect(RecordCommunicationBody.safeParse({ studyId: study, method: 'email', receiverName: 'Dr. A' }).success).toBe(false);
  const email = RecordCommunicationBody.parse({
    studyId: study,
    method: 'email',
    receiverName: ' Dr. A ',
    receiverEmail: 'A@B.test',
  });
  expect(email).toMatchObject({ receiverName: 'Dr. A', receiverEmail: 'a@b.test' });
  expect(
    RecordCommunicationBody.safeParse({ studyId: study, method: 'phone', receiverName: 'Dr. A', receivedAt: 'ontem' }).success,
  ).toBe(false);
  const bad = RecordCommunicationBody.safeParse({ studyId: study, method: 'in_person', receiverName: '  ' });
  expect(bad.error?.issues[0]?.message).toBe('CRITICAL_RECEIVER_REQUIRED');
  expect(RecordCommunicationBody.safeParse({ studyId: study, method: 'fax', receiverName: 'Dr. A' }).success).toBe(false);
});

it('the window is the minutes in milliseconds', () => {
  expect(ackWindowMs(60)).toBe(3_600_000);
});

it('mails carry the link and escape HTML', () => {
  const m = ackRequestMail(
    {
      receiverName: 'Dr. <A>',
      findingText: 'Pneumotórax',
      patientInitials: 'M. S.',
      reportingDoctor: 'Dra. C',
      institution: null,
    },
    'https://x.test/critical-ack/t',
  );
  expect(m.subject).toBe('Achado crítico: confirme o recebimento (M. S.)');
  expect(m.text).toContain('https://x.test/critical-ack/t');
  expect(m.html).not.toContain('<A>');
  const e = escalationMail(
    { findingText: 'Pneumotórax', patientName: 'Maria', receiverName: 'Dr. A', ackDueAt: '2026-11-29T10:00:00Z' },
    '/studies/report/1',
    'en',
  );
  expect(e.subject).toBe('Critical finding not acknowledged: Maria');
});
