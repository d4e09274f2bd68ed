/**
 * The microphone as blocks of mono float PCM. A ScriptProcessor is used instead of MediaRecorder
 * because MediaRecorder gives WebM/Opus, and the spec wants audio/mpeg: the blocks go to the MP3
 * encoder (in its own worker, so the heavy work stays off this thread).
 */
export interface AudioCapture {
  sampleRate: number;
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

const BLOCK_SIZE = 4096;

/** Asks for the microphone; rejects (NotAllowedError, NotFoundError, …) when it cannot be had. */
export async function startAudioCapture(onBlock: (pcm: Float32Array) => void): Promise<AudioCapture> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia is not available (an https page is needed)');
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
  let context: AudioContext;
  try {
    context = new AudioContext();
  } catch (err) {
    stream.getTracks().forEach((t) => t.stop());
    throw err;
  }
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(BLOCK_SIZE, 1, 1);
  // the processor only runs when connected to the output; a zero gain keeps the room silent
  const mute = context.createGain();
  mute.gain.value = 0;
  processor.onaudioprocess = (e) => onBlock(new Float32Array(e.inputBuffer.getChannelData(0)));
  source.connect(processor);
  processor.connect(mute);
  mute.connect(context.destination);
  if (context.state === 'suspended') await context.resume();
  return {
    sampleRate: context.sampleRate,
    pause: () => context.suspend(),
    resume: () => context.resume(),
    stop: async () => {
      processor.onaudioprocess = null;
      source.disconnect();
      processor.disconnect();
      mute.disconnect();
      stream.getTracks().forEach((t) => t.stop());
      await context.close();
    },
  };
}
