/** The share calls (spec 1 §7 `POST reports/share | email`) and the outbox list. */
import { OutboxList, ShareAnswer, type OutboxMessage } from '../../../../domain/mail/outbox';
import { apiRequest } from '../../lib/api';
import { examPath } from '../../lib/exam-path';

export async function shareReport(studyId: string, email: string): Promise<OutboxMessage> {
  const answer = await apiRequest(`${examPath(studyId)}/reports/share`, {
    method: 'POST',
    body: { email },
    schema: ShareAnswer,
  });
  return answer.message;
}

export const outboxKey = ['mail', 'outbox'] as const;

export function fetchOutbox(signal?: AbortSignal): Promise<OutboxList> {
  return apiRequest('/mail/outbox', { schema: OutboxList, signal });
}
