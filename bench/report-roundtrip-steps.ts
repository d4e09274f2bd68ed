/**
 * Where a report action's time goes (issue 20), per step, from outside the code: the HTTP part
 * (session, access, the study's read — a GET of the study does the same), then the Temporal
 * history of each action (server clock): the Update's dispatch to the worker and the task
 * that accepts it, the commit activity (projection + live publish), then the answer (sent once
 * the projection's commit is heard, ADR 042) beside the task that completes the Update.
 * Prints figures only.
 *
 *   npm run bench:roundtrip-steps        BENCH_N=100 npm run bench:roundtrip-steps
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { temporal as proto } from '@temporalio/proto';
import { createTenant } from '../test/support/fixtures';
import { laudoWorkflowId } from '../workflows/laudo/messages';
import { ClientThread } from './client-thread';
import { assignToDoctor, loginToken, pct, startBenchPlatform } from './support';
import { runBench } from './run';

const N = Number(process.env.BENCH_N ?? 60);
const EventType = proto.api.enums.v1.EventType;

type Spans = Record<string, number>;

function summary(label: string, rows: Spans[]): void {
  console.log(`  ${label} (n=${rows.length})`);
  for (const key of Object.keys(rows[0] ?? {})) {
    const v = rows.map((r) => r[key]!).sort((a, b) => a - b);
    console.log(
      `    ${key.padEnd(62)} p50 ${pct(v, 50).toFixed(2).padStart(7)} ms   p90 ${pct(v, 90).toFixed(2).padStart(7)} ms`,
    );
  }
}

async function main(): Promise<void> {
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const bench = await startBenchPlatform(`laudos_bench_steps_${process.pid}`);
  const { platform, knex, temporal } = bench;
  const http = ClientThread.start();
  try {
    const tenant = await createTenant(knex, { studies: 2 * N + 20 });
    const token = await loginToken(platform.url, tenant.users.doctor!.username);
    const ids = tenant.studyIds;
    const laudoOf = async (studyId: string) =>
      (await knex('studies').where({ id: studyId }).first('laudo_id')).laudo_id as string;
    // Handed to the doctor first, as the orchestrator distributes exams: a running workflow with a
    // committed transition, which the doctor's start reaches with a plain Update.
    const running = ids.slice(N, 2 * N);
    for (const studyId of running) await assignToDoctor(bench, tenant, studyId);
    await new Promise((r) => setTimeout(r, 1000));

    // HTTP from a thread of its own, as a browser is a process of its own (client-thread.ts).
    const get = async (studyId: string) =>
      (await http.request(`${platform.url}/api/studies/${studyId}`, { headers: { access_token: token } })).ms;
    const act = async (studyId: string): Promise<Spans> => {
      const sent = Date.now();
      const res = await http.request(`${platform.url}/api/studies/${studyId}/reports/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', access_token: token, 'idempotency-key': randomUUID() },
        body: '{}',
      });
      const total = res.ms;
      if (res.status !== 200) throw new Error(`start answered ${res.status}: ${res.body}`);
      // The answer may come before the Update completes (ADR 042): read the history once it has.
      const handle = temporal.workflow.getHandle(laudoWorkflowId(await laudoOf(studyId)));
      let events: { type: number; at: number }[] = [];
      const count = (list: typeof events, type: number) => list.filter((e) => e.type === type).length;
      // Every Update the history accepted has completed: this action's too (an assigned report's
      // history holds the assignment's before it).
      const completed = (list: typeof events) =>
        count(list, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED) > 0 &&
        count(list, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED) ===
          count(list, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED);
      for (let i = 0; i < 100 && !completed(events); i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 10));
        events = ((await handle.fetchHistory()).events ?? []).map((e) => ({
          type: e.eventType!,
          at: Number(e.eventTime!.seconds) * 1000 + (e.eventTime!.nanos ?? 0) / 1e6,
        }));
      }
      // This action's acceptance: the last one.
      let accepted = events.length - 1;
      while (accepted > 0 && events[accepted]!.type !== EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED) accepted--;
      // The task that accepted the Update: the last one started before the acceptance.
      let acceptTask = accepted;
      while (acceptTask > 0 && events[acceptTask]!.type !== EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) acceptTask--;
      const at = (type: number, from = accepted) => events.slice(from).find((e) => e.type === type)!.at;
      const activityStarted = at(EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED);
      const activityCompleted = at(EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
      const updateCompleted = at(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED);
      return {
        'whole action (client)': total,
        'request → accepting task handed to the worker (HTTP, checks, RPC)': events[acceptTask]!.at - sent,
        'accepting task in the worker, until recorded': events[accepted]!.at - events[acceptTask]!.at,
        'commit activity dispatched (eager) after acceptance': activityStarted - events[accepted]!.at,
        'commit activity: projection + live publish': activityCompleted - activityStarted,
        'activity done → answer at the client (commit heard)': sent + total - activityCompleted,
        'activity done → Update completed (second task, after the answer)': updateCompleted - activityCompleted,
      };
    };

    for (const id of ids.slice(2 * N, 2 * N + 20)) await act(id); // warm-up
    const plain: Spans[] = [];
    for (const id of ids.slice(0, N)) plain.push({ 'GET the study (session, access, read)': await get(id) });
    const cold: Spans[] = [];
    for (const id of ids.slice(0, N)) cold.push(await act(id));
    const warm: Spans[] = [];
    for (const id of running) warm.push(await act(id));

    console.log(
      `\nReport action steps (POST reports/start), ${bench.dbLabel}, Temporal dev server, ${os.cpus().length} cores, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} (before: ${loadBefore})`,
    );
    summary('HTTP alone', plain);
    summary('first action (creates the workflow)', cold);
    summary('workflow running (assigned first: a plain Update)', warm);
    console.log('  (history spans use the server clock; the same machine, so they line up with the client within a ms)\n');
  } finally {
    await http.close();
    await bench.stop();
  }
}

runBench(main);
