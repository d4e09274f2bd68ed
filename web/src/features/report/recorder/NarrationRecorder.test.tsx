import '../../../test/text-encoding';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../i18n';
import { isMp3 } from '../../../../../domain/audio/mp3';
import type { uploadNarration } from '../api';
import type { notify } from '../../../app/notifications/store';
import { ApiError } from '../../../lib/errors';
import { NarrationRecorder } from './NarrationRecorder';

// jsdom has no Worker: the encoder runs on the page (the same lamejs core as in the worker)
const upload = jest.fn<typeof uploadNarration>();
const notifyMock = jest.fn<typeof notify>();

const SAMPLE_RATE = 8000;

/** The Web Audio graph the capture builds, enough to drive it from the test. */
class FakeAudioContext {
  static last: FakeAudioContext | null = null;
  sampleRate = SAMPLE_RATE;
  state: 'running' | 'suspended' | 'closed' = 'running';
  destination = {};
  processor: { onaudioprocess: ((e: unknown) => void) | null; connect: jest.Mock; disconnect: jest.Mock } = {
    onaudioprocess: null,
    connect: jest.fn(),
    disconnect: jest.fn(),
  };
  constructor() {
    FakeAudioContext.last = this;
  }
  createMediaStreamSource() {
    return { connect: jest.fn(), disconnect: jest.fn() };
  }
  createScriptProcessor() {
    return this.processor;
  }
  createGain() {
    return { gain: { value: 1 }, connect: jest.fn(), disconnect: jest.fn() };
  }
  suspend = jest.fn(async () => {
    this.state = 'suspended';
  });
  resume = jest.fn(async () => {
    this.state = 'running';
  });
  close = jest.fn(async () => {
    this.state = 'closed';
  });
}

const stopTrack = jest.fn();
const getUserMedia = jest.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>();

/** One block of a 440 Hz tone from the "microphone". */
function speak(blocks: number, size = 4000) {
  const processor = FakeAudioContext.last!.processor;
  for (let b = 0; b < blocks; b++) {
    const data = Float32Array.from({ length: size }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE));
    act(() => processor.onaudioprocess?.({ inputBuffer: { getChannelData: () => data } }));
  }
}

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const onSent = jest.fn();
const onError = jest.fn();
const onClose = jest.fn();

function renderRecorder() {
  const router = createMemoryRouter(
    [
      {
        path: '/studies/report/s1',
        element: (
          <NarrationRecorder
            studyId="s1"
            onSent={onSent}
            onError={onError}
            onClose={onClose}
            upload={upload}
            notify={notifyMock}
          />
        ),
      },
      { path: '/studies', element: <p>study list</p> },
    ],
    { initialEntries: ['/studies/report/s1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const recorderState = () => screen.getByTestId('narration-recorder').getAttribute('data-state');
const timer = () => screen.getByTestId('recorder-timer').textContent;

beforeEach(() => {
  jest.clearAllMocks();
  FakeAudioContext.last = null;
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudioContext;
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream);
  let n = 0;
  URL.createObjectURL = jest.fn(() => `blob:clip-${++n}`);
  URL.revokeObjectURL = jest.fn();
});

afterEach(() => {
  delete (window as unknown as { AudioContext?: unknown }).AudioContext;
});

describe('NarrationRecorder', () => {
  it('record → pause → resume → stop → playback → send uploads an MP3 and reports the new state', async () => {
    upload.mockResolvedValue({ state: 22 } as never);
    renderRecorder();
    expect(timer()).toBe('00:00:00');
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(recorderState()).toBe('recording'));
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: expect.anything() }));

    speak(4); // 16,000 samples at 8 kHz
    expect(timer()).toBe('00:00:02');
    expect(Number(screen.getByTestId('recorder-level').getAttribute('aria-valuenow'))).toBeGreaterThan(50);

    fireEvent.click(screen.getByTestId('recorder-pause'));
    await waitFor(() => expect(recorderState()).toBe('paused'));
    expect(FakeAudioContext.last!.suspend).toHaveBeenCalled();
    speak(4); // a late block after pausing is not recorded
    expect(timer()).toBe('00:00:02');

    fireEvent.click(screen.getByTestId('recorder-resume'));
    await waitFor(() => expect(recorderState()).toBe('recording'));
    expect(FakeAudioContext.last!.resume).toHaveBeenCalled();
    speak(2);
    expect(timer()).toBe('00:00:03');

    fireEvent.click(screen.getByTestId('recorder-stop'));
    await waitFor(() => expect(recorderState()).toBe('stopped'));
    expect(stopTrack).toHaveBeenCalled(); // the microphone is released
    expect(FakeAudioContext.last!.close).toHaveBeenCalled();
    expect(screen.getByTestId('recorder-playback').getAttribute('src')).toBe('blob:clip-1');
    expect(screen.getByTestId('recorder-state').textContent).toBe('Gravação pronta para envio');

    fireEvent.click(screen.getByTestId('recorder-send'));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ state: 22 }));
    expect(upload).toHaveBeenCalledTimes(1);
    const [studyId, audio] = upload.mock.calls[0]!;
    expect(studyId).toBe('s1');
    expect(audio.type).toBe('audio/mpeg');
    expect(isMp3(await readBytes(audio))).toBe(true);
    expect(notifyMock).toHaveBeenCalledWith('Áudio salvo com sucesso!', 'success');
    expect(recorderState()).toBe('sent');
  });

  it('re-recording overwrites the clip; a failed upload is resent with its key and kept for another try', async () => {
    // the first attempt and the recorder's two resends all leave the outcome unknown
    upload.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    for (let i = 0; i < 2; i++) upload.mockRejectedValueOnce(new ApiError('REPORT_SERVICE_UNAVAILABLE', 'indisponível', 503));
    renderRecorder();
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(recorderState()).toBe('recording'));
    speak(2);
    fireEvent.click(screen.getByTestId('recorder-stop'));
    await waitFor(() => expect(recorderState()).toBe('stopped'));

    expect(screen.getByTestId('recorder-record').textContent).toBe('Gravar novamente');
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(recorderState()).toBe('recording'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:clip-1');
    expect(timer()).toBe('00:00:00');
    speak(1);
    fireEvent.click(screen.getByTestId('recorder-stop'));
    await waitFor(() => expect(screen.getByTestId('recorder-playback').getAttribute('src')).toBe('blob:clip-2'));

    fireEvent.click(screen.getByTestId('recorder-send'));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(recorderState()).toBe('stopped');
    expect(onSent).not.toHaveBeenCalled();
    // one intent: every attempt of this recording carries the same Idempotency-Key
    expect(upload).toHaveBeenCalledTimes(3);
    const keys = new Set(upload.mock.calls.map((call) => call[2]));
    expect(keys.size).toBe(1);

    // refused for lack of the narration permission: the spec's message in the recorder
    upload.mockRejectedValueOnce(new ApiError('FORBIDDEN_ACCESS', 'Você não tem permissão', 403));
    fireEvent.click(screen.getByTestId('recorder-send'));
    await waitFor(() =>
      expect(screen.getByTestId('recorder-no-access').textContent).toBe('Você não possui acesso à esse recurso.'),
    );
    expect(onError).toHaveBeenCalledTimes(1);
    expect(recorderState()).toBe('stopped');
    // the user's next click after the network failure still sent the same recording's key
    expect(upload.mock.calls[3]![2]).toBe([...keys][0]);
  });

  it('a refused microphone shows "Erro ao acessar o microfone" with the detail for 4 seconds', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    renderRecorder();
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(notifyMock).toHaveBeenCalled());
    expect(notifyMock).toHaveBeenCalledWith('Erro ao acessar o microfone: Permission denied', 'error', 4000);
    expect(recorderState()).toBe('idle');
  });

  it('a re-record whose microphone is refused keeps the clip recorded before', async () => {
    renderRecorder();
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(recorderState()).toBe('recording'));
    speak(2);
    fireEvent.click(screen.getByTestId('recorder-stop'));
    await waitFor(() => expect(recorderState()).toBe('stopped'));
    getUserMedia.mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(notifyMock).toHaveBeenCalled());
    expect(notifyMock).toHaveBeenCalledWith('Erro ao acessar o microfone: Requested device not found', 'error', 4000);
    expect(recorderState()).toBe('stopped');
    expect(screen.getByTestId('recorder-playback').getAttribute('src')).toBe('blob:clip-1');
    expect(timer()).toBe('00:00:01');
  });

  it('asks "Deseja mesmo sair do site?" before leaving with unsent audio (in-app and on unload)', async () => {
    const router = renderRecorder();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false); // idle: nothing to lose
    fireEvent.click(screen.getByTestId('recorder-record'));
    await waitFor(() => expect(recorderState()).toBe('recording'));
    expect(unload()).toBe(true);

    await act(() => router.navigate('/studies'));
    expect(screen.getByText('Deseja mesmo sair do site?')).toBeTruthy();
    fireEvent.click(screen.getByText('Cancelar'));
    await waitFor(() => expect(screen.queryByText('Deseja mesmo sair do site?')).toBeNull());
    expect(router.state.location.pathname).toBe('/studies/report/s1');

    speak(1);
    fireEvent.click(screen.getByTestId('recorder-stop'));
    await waitFor(() => expect(recorderState()).toBe('stopped'));
    expect(unload()).toBe(true); // stopped but not sent
    await act(() => router.navigate('/studies'));
    expect(screen.getByTestId('recorder-leave-dialog')).toBeTruthy(); // ('Sair' proceeds: the e2e covers it)
  });

  it('accepts an MP3 file instead of a recording, and refuses another file type', async () => {
    renderRecorder();
    const input = screen.getByTestId('recorder-file').querySelector('input')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'nota.wav', { type: 'audio/wav' })] } });
    expect(screen.getByText('Escolha um arquivo MP3.')).toBeTruthy();
    expect(recorderState()).toBe('idle');
    fireEvent.change(input, { target: { files: [new File(['x'], 'laudo.mp3', { type: 'audio/mpeg' })] } });
    expect(recorderState()).toBe('stopped');
    expect(screen.getByText('laudo.mp3')).toBeTruthy();
  });
});
