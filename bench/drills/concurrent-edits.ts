/**
 * Concurrent edits: two clients of the fleet office update the same vehicle at once with the same
 * If-Match, round after round. Exactly one wins, the other gets 412; the loser reloads and applies its
 * change again, so each round ends with both changes in the record and nothing lost.
 */
import http from 'node:http';
import type { Vehicle } from '../../core/contracts/fleet.ts';
import type { Page } from '../../core/contracts/admin.ts';
import { call, formatTally, jsonOf, tally, type Outcome } from './http.ts';
import { DrillRecorder, type DrillResult } from './report.ts';
import { DEMO_FLEET_MANAGER, DrillServer, signInDemo, type DatabaseKind, type DrillDataFactory } from './server.ts';

export interface ConcurrentEditsOptions {
  rounds: number;
}

interface Editor {
  name: 'A' | 'B';
  token: string;
  agent: http.Agent;
  /** A edits the notes, B the plate: different fields, so a lost update would show. */
  change(round: number): Partial<Vehicle>;
}

/** On a fresh server of its own, or on `shared` (a running server another drill also uses, left running). */
export async function concurrentEditsDrill(
  kind: DatabaseKind,
  factory: DrillDataFactory,
  options: ConcurrentEditsOptions,
  shared?: DrillServer,
): Promise<DrillResult> {
  const startedAt = performance.now();
  const record = new DrillRecorder();
  const data = shared ? null : await factory.fresh(kind);
  const server = shared ?? (await DrillServer.start(data!));
  const editors: Editor[] = [];
  try {
    editors.push(
      {
        name: 'A',
        token: await signInDemo(server.baseUrl, DEMO_FLEET_MANAGER),
        agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
        change: (round) => ({ notes: `Round ${round}: notes by A` }),
      },
      {
        name: 'B',
        token: await signInDemo(server.baseUrl, DEMO_FLEET_MANAGER),
        agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
        change: (round) => ({ plate: `DRL ${round}` }),
      },
    );
    const vehicles = jsonOf<Page<Vehicle>>(
      await call(server.baseUrl, '/rest/v1/fleet/vehicles?page_size=1', { token: editors[0]!.token }),
      'Vehicle list',
    );
    const vehicleId = vehicles.items[0]!.id;
    const path = `/rest/v1/fleet/admin/vehicles/${vehicleId}`;
    const read = async (editor: Editor) => {
      const outcome = await call(server.baseUrl, path, { token: editor.token, agent: editor.agent, timeoutMs: 30_000 });
      return { vehicle: jsonOf<Vehicle>(outcome, 'Vehicle'), etag: outcome.headers.etag ?? '' };
    };
    const patch = (editor: Editor, etag: string, round: number) =>
      call(server.baseUrl, path, {
        method: 'PATCH',
        token: editor.token,
        agent: editor.agent,
        body: editor.change(round),
        headers: { 'if-match': etag },
        timeoutMs: 30_000,
      });

    const missing = await call(server.baseUrl, path, { method: 'PATCH', token: editors[0]!.token, body: { notes: 'no If-Match' } });
    record.check(missing.status === 428, `an update without If-Match is refused with 428 (${missing.status})`);

    const firstAnswers: Outcome[] = [];
    const wins = { A: 0, B: 0 };
    let exactlyOneWon = 0;
    let bothWon = 0;
    let reapplied = 0;
    let intact = 0;
    let versionsRight = 0;
    const staleMessages = new Set<string>();
    for (let round = 1; round <= options.rounds; round += 1) {
      const { vehicle: before, etag } = await read(editors[0]!);
      const answers = await Promise.all(editors.map((editor) => patch(editor, etag, round)));
      firstAnswers.push(...answers);
      const statuses = answers.map((a) => a.status);
      const winner = statuses.indexOf(200);
      const loser = statuses.indexOf(412);
      if (winner !== -1 && loser !== -1) {
        exactlyOneWon += 1;
        wins[editors[winner]!.name] += 1;
        staleMessages.add((JSON.parse(answers[loser]!.body) as { message: string }).message);
        // The loser reloads and applies its change again, on top of the winner's.
        const fresh = await read(editors[loser]!);
        if ((await patch(editors[loser]!, fresh.etag, round)).status === 200) reapplied += 1;
      } else if (statuses.every((s) => s === 200)) {
        bothWon += 1;
      }
      const { vehicle: after } = await read(editors[0]!);
      if (after.notes === `Round ${round}: notes by A` && after.plate === `DRL ${round}`) intact += 1;
      if (after.version === before.version + 2) versionsRight += 1;
    }

    record.figure('rounds', options.rounds);
    record.figure('first answers', formatTally(tally(firstAnswers)));
    record.figure('winner', `A ${wins.A} times, B ${wins.B} times`);
    record.figure('loser reloaded and re-applied', `${reapplied} of ${exactlyOneWon}`);
    record.figure('412 message', [...staleMessages].join(' | ') || 'none');
    record.check(
      exactlyOneWon === options.rounds,
      `exactly one update won each round and the other got 412 (${exactlyOneWon} of ${options.rounds}; both won: ${bothWon})`,
    );
    record.check(reapplied === exactlyOneWon, `every loser's change went in after reloading (${reapplied} of ${exactlyOneWon})`);
    record.check(intact === options.rounds, `after every round the record holds both changes, none lost (${intact} of ${options.rounds})`);
    record.check(
      versionsRight === options.rounds,
      `the version rose by exactly the two accepted updates each round (${versionsRight} of ${options.rounds})`,
    );
  } finally {
    for (const editor of editors) editor.agent.destroy();
    if (data) {
      await server.stop();
      await data.dispose();
    }
  }
  return record.result('concurrent-edits', kind, startedAt);
}
