import mqtt from 'mqtt';
import { getToken } from '../../lib/token';

export interface DownloadProgress {
  done: number;
  total: number;
  finished: boolean;
  error?: boolean;
  downloadUrl?: string;
}

/**
 * Watches a download's live document (zipStreaming/{shortKey}) on a connection of its own:
 * the shared live client carries study documents only. Resolves with the link when finished.
 */
export function watchDownload(
  topic: string,
  onProgress: (p: DownloadProgress) => void,
): { done: Promise<string>; close: () => void } {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const client = mqtt.connect(`${scheme}://${window.location.host}/mqtt`, {
    username: 'web',
    password: getToken() ?? '',
    reconnectPeriod: 2000,
  });
  const done = new Promise<string>((resolve, reject) => {
    client.on('connect', () => {
      client.subscribe(topic, { qos: 1 }, (err, granted) => {
        if (err || granted?.some((g) => g.qos === 128)) reject(new Error('subscription refused'));
      });
    });
    client.on('message', (_t, payload) => {
      const doc = JSON.parse(new TextDecoder().decode(payload)) as DownloadProgress;
      onProgress(doc);
      if (doc.error) reject(new Error('download failed'));
      else if (doc.finished && doc.downloadUrl) resolve(doc.downloadUrl);
    });
  });
  return { done, close: () => void client.end(true) };
}
