import { z } from 'zod';
import { AckAnswer, AckView, Communication, type CommunicationMethod } from '../../../../domain/findings/communications';
import { apiRequest } from '../../lib/api';

/** The closed loop of a critical finding (issue 18): the study's communications and the public acknowledgement. */
const PATH = '/studies/criticalFindingCommunications';

export async function fetchCommunications(studyId: string, signal?: AbortSignal): Promise<Communication[]> {
  const schema = z.object({ communications: z.array(Communication) });
  return (await apiRequest(`${PATH}?${new URLSearchParams({ studyId }).toString()}`, { schema, signal })).communications;
}

export interface CommunicationInput {
  method: CommunicationMethod;
  receiverName: string;
  receiverEmail?: string;
  receivedAt?: string;
}

export async function recordCommunication(studyId: string, input: CommunicationInput): Promise<Communication> {
  const schema = z.object({ communication: Communication });
  return (await apiRequest(PATH, { method: 'POST', body: { studyId, ...input }, schema })).communication;
}

const ackPath = (token: string) => `/public/critical-ack/${encodeURIComponent(token)}`;

export async function fetchAckView(token: string, signal?: AbortSignal): Promise<AckView> {
  const schema = z.object({ acknowledgement: AckView });
  return (await apiRequest(ackPath(token), { schema, signal, endSessionOnAuthError: false })).acknowledgement;
}

export async function acknowledge(token: string, receiverName: string): Promise<AckAnswer> {
  return apiRequest(ackPath(token), { method: 'POST', body: { receiverName }, schema: AckAnswer, endSessionOnAuthError: false });
}
