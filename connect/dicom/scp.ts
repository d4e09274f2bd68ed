/**
 * The DICOM SCP (dcmjs-dimse): C-ECHO and C-STORE. A C-STORE's data set is streamed straight
 * into a spool temp file behind a Part-10 header; the response is sent only after the file
 * is fsynced, checked as the platform checks an upload, and renamed into the queue, so
 * "Success" means the instance is on disk and will be accepted. A file the platform would
 * refuse (no valid UIDs, unreadable, a character set it cannot read) is answered with that
 * refusal's PS3.4 status at once, so the modality knows (issue 15, ADR 017), instead of
 * 'Success' and a silent move to rejected/ later.
 */
import { Writable } from 'node:stream';
import { constants, Dataset, log as dimseLog, responses, Scp, Server } from 'dcmjs-dimse';
import type { association as dimseAssociation, requests as dimseRequests } from 'dcmjs-dimse';
import type { Logger } from 'pino';
import type { Spool } from '../spool/spool';
import { SpoolWriter } from '../spool/spool-writer';
import { readDicomFile } from '../../imaging/dicom-header';
import { DICOM_FAILURES, DicomInputError } from '../../imaging/failures';
import { isDicomUid, part10Header } from './part10-header';
import { chooseTransferSyntax, isStorageClass, VERIFICATION_SOP_CLASS } from './transfer-syntaxes';

const { PresentationContextResult, RejectReason, RejectResult, RejectSource, Status } = constants;
/** PS3.4 C-STORE "Refused: Out of Resources": the modality keeps the instance and retries. */
const STATUS_OUT_OF_RESOURCES = 0xa700;
/** Largest P-DATA PDU we accept: fewer, larger PDVs stream faster. */
const MAX_PDU = 262_144;

export interface ScpContext {
  aeTitle: string;
  checkCalledAeTitle: boolean;
  spool: Spool;
  logger: Logger;
  /** Called once an instance is safely in the queue. */
  onStored(sopInstanceUid: string, bytes: number, timing: { receiveMs: number; commitMs: number }): void;

}

type CStoreRequest = dimseRequests.CStoreRequest;
type PresentationContext = dimseAssociation.PresentationContext;

class ConnectScp extends Scp {
  private readonly ctx: ScpContext;
  private callingAe = '';
  /** The writer of each C-STORE in progress (the library hands us the same request object twice). */
  private readonly writers = new Map<CStoreRequest, SpoolWriter>();

  /** Receptions cut off by an abort or a dropped connection: never acknowledged, so dropped. */
  private discardUnfinished(): void {
    for (const writer of this.writers.values()) void writer.discard();
    this.writers.clear();
  }

  private readonly tcp: ConstructorParameters<typeof Scp>[0];

  constructor(socket: ConstructorParameters<typeof Scp>[0], opts: ConstructorParameters<typeof Scp>[1]) {
    super(socket, opts);
    this.tcp = socket;
    // Without it, Nagle + delayed ACK hold each small C-STORE response ~40 ms: 3× slower ingest.
    socket.setNoDelay(true);
    this.ctx = (opts?.customOptions as { connect: ScpContext }).connect;
    this.on('close', () => this.discardUnfinished());
  }

  override associationRequested(association: dimseAssociation.Association): void {
    this.callingAe = association.getCallingAeTitle().trim();
    const called = association.getCalledAeTitle().trim();
    if (this.ctx.checkCalledAeTitle && called !== this.ctx.aeTitle) {
      this.ctx.logger.warn({ callingAe: this.callingAe, calledAe: called }, 'association rejected: called AE title not ours');
      this.sendAssociationReject(RejectResult.Permanent, RejectSource.ServiceUser, RejectReason.CalledAeNotRecognized);
      return;
    }
    association.setMaxPduLength(MAX_PDU);
    for (const { id } of association.getPresentationContexts()) {
      const context = association.getPresentationContext(id);
      const abstract = context.getAbstractSyntaxUid();
      if (abstract !== VERIFICATION_SOP_CLASS && !isStorageClass(abstract)) {
        context.setResult(PresentationContextResult.RejectAbstractSyntaxNotSupported);
        continue;
      }
      const ts = chooseTransferSyntax(abstract, context.getTransferSyntaxUids());
      if (ts) context.setResult(PresentationContextResult.Accept, ts);
      else context.setResult(PresentationContextResult.RejectTransferSyntaxesNotSupported);
    }
    this.ctx.logger.debug({ callingAe: this.callingAe, calledAe: called }, 'association accepted');
    this.sendAssociationAccept();
  }

  override associationReleaseRequested(): void {
    this.sendAssociationReleaseResponse();
  }

  override abort(source: number, reason: number): void {
    // The SCU gave up mid-association: any C-STORE not answered was not acknowledged either.
    this.ctx.logger.info({ callingAe: this.callingAe, source, reason }, 'association aborted by the peer');
    this.discardUnfinished();
  }

  override cEchoRequest(request: dimseRequests.CEchoRequest, callback: (response: responses.CEchoResponse) => void): void {
    const response = responses.CEchoResponse.fromRequest(request);
    response.setStatus(Status.Success);
    callback(response);
  }

  override createStoreWritableStream(context: PresentationContext, request: CStoreRequest): Writable {
    const sopInstanceUid = request.getAffectedSopInstanceUid();
    if (!isDicomUid(sopInstanceUid)) {
      // Drained and dropped; cStoreRequest answers the failure.
      return new Writable({ write: (_c, _e, cb) => cb() });
    }
    const header = part10Header({
      sopClassUid: request.getAffectedSopClassUid(),
      sopInstanceUid,
      transferSyntaxUid: context.getAcceptedTransferSyntaxUid() ?? '',
      sourceAeTitle: this.callingAe,
    });
    const writer = new SpoolWriter(this.ctx.spool.tempPath(), header, this.tcp);
    this.writers.set(request, writer);
    return writer;
  }

  override createDatasetFromStoreWritableStream(
    _writable: Writable,
    context: PresentationContext,
    callback: (dataset: Dataset) => void,
  ): void {
    // The bytes are on their way to disk; the request only needs a placeholder data set.
    callback(new Dataset({}, context.getAcceptedTransferSyntaxUid()));
  }

  override cStoreRequest(request: CStoreRequest, callback: (response: responses.CStoreResponse) => void): void {
    const response = responses.CStoreResponse.fromRequest(request);
    const sopInstanceUid = request.getAffectedSopInstanceUid();
    const writer = this.writers.get(request);
    this.writers.delete(request);
    if (!writer) {
      this.ctx.logger.warn(
        { sopInstanceUid, callingAe: this.callingAe },
        'C-STORE refused: affected SOP instance UID is not a UID',
      );
      response.setStatus(Status.InvalidArgumentValue);
      callback(response);
      return;
    }
    const received = performance.now();
    writer.done
      .then(() => readDicomFile(writer.tempPath, writer.bytes))
      .then(() => this.ctx.spool.commit(writer.tempPath, sopInstanceUid))
      .then(() => {
        const receiveMs = Math.round((received - writer.startedAt) * 10) / 10;
        const commitMs = Math.round((performance.now() - received) * 10) / 10;
        this.ctx.onStored(sopInstanceUid, writer.bytes, { receiveMs, commitMs });
        response.setStatus(Status.Success);
        callback(response);
      })
      .catch(async (err: Error) => {
        if (err instanceof DicomInputError) {
          await writer.discard();
          this.ctx.logger.warn(
            { sopInstanceUid, callingAe: this.callingAe, reason: err.reason, detail: err.message },
            'C-STORE refused: the platform would reject the instance',
          );
          response.setStatus(DICOM_FAILURES[err.reason].reason);
        } else {
          this.ctx.logger.error({ err, sopInstanceUid }, 'C-STORE failed: could not spool the instance');
          response.setStatus(STATUS_OUT_OF_RESOURCES);
        }
        callback(response);
      });
  }
}

export interface DicomListener {
  close(): void;
}

/** Starts the SCP on `port` (all interfaces: modalities are on the clinic network). */
export async function startScp(port: number, ctx: ScpContext): Promise<DicomListener> {
  dimseLog.setLevel('error');
  const server = new Server(ConnectScp);
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('networkError', onError);
    server.once('listening', () => {
      server.off('networkError', onError);
      resolve();
    });
    server.listen(port, { customOptions: { connect: ctx } });
  });
  server.on('networkError', (err: Error) => ctx.logger.warn({ err: err.message }, 'DICOM network error'));
  return { close: () => server.close() };
}
