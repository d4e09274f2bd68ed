/** MQTT clients of a test platform's broker, as a browser's session opens them. */
import mqtt, { type MqttClient } from 'mqtt';

/** Whether the broker grants `topic` (mqtt rejects a refused subscription: SUBACK 128). */
export async function granted(client: MqttClient, topic: string): Promise<boolean> {
  try {
    const [g] = await client.subscribeAsync(topic, { qos: 1 });
    return g!.qos !== 128;
  } catch {
    return false;
  }
}

/** Opens clients on `apiUrl`'s broker with a session token; `opened` collects them for the suite's stop. */
export function liveClients(apiUrl: () => string, opened: MqttClient[]) {
  return async (token: string): Promise<MqttClient> => {
    const url = apiUrl().replace(/\/api$/, '').replace('http', 'ws');
    const client = await mqtt.connectAsync(`${url}/mqtt`, { username: 's', password: token, reconnectPeriod: 0 });
    opened.push(client);
    return client;
  };
}
