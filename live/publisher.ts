/**
 * Where activities publish live documents. In the standalone process it is the api's
 * in-process broker; a worker running alone connects to an api's broker as an MQTT client
 * with the service token (BROKER_URL, BROKER_SERVICE_TOKEN).
 */
import mqtt from 'mqtt';

export interface LivePublisher {
  publishRetained(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** MQTT username a service (worker) uses on the broker; its password is the service token. */
export const SERVICE_USERNAME = 'laudos-service';

export async function connectRemotePublisher(url: string, serviceToken: string): Promise<LivePublisher> {
  const client = await mqtt.connectAsync(url, {
    username: SERVICE_USERNAME,
    password: serviceToken,
    reconnectPeriod: 1000,
    clientId: `laudos-worker-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
  });
  return {
    async publishRetained(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1, retain: true });
    },
    async close() {
      await client.endAsync();
    },
  };
}
