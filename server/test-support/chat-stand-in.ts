import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in AI provider for tests: a real HTTP server that speaks the OpenAI chat-completions
 * protocol (POST /v1/chat/completions), as the SMTP capture stands in for a mail server. Tests say
 * what it answers next, in process (`answerNext`) or over HTTP (`PUT /stand-in/next` with the same
 * JSON, for browser tests whose app server runs in another process), and read what it was asked.
 */

export type StandInAnswer =
  /** A completion whose message is this text (a draft as JSON, or anything malformed). */
  | { kind: 'content'; content: string; delay_ms?: number }
  /** An error answer from the provider. */
  | { kind: 'status'; status: number; message: string }
  /** No answer for this long (longer than the app's AI_TIMEOUT_MS: a timeout). */
  | { kind: 'silence'; ms: number };

export interface StandInRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  authorization: string | undefined;
  response_format: unknown;
}

export interface ChatStandIn {
  /** What AI_BASE_URL is set to: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: StandInRequest[];
  /** Queues answers; with none queued it answers a draft made of `{"paragraphs": []}` (an empty draft). */
  answerNext(...answers: StandInAnswer[]): void;
  close(): Promise<void>;
}

/** A draft as a model returns it: paragraphs of sentences citing passage ids. */
export function draftAnswer(paragraphs: Array<Array<{ text: string; passages: string[] }>>): StandInAnswer {
  return { kind: 'content', content: JSON.stringify({ paragraphs }) };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startChatStandIn(): Promise<ChatStandIn> {
  const queue: StandInAnswer[] = [];
  const requests: StandInRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.method === 'PUT' && request.url === '/stand-in/next') {
        queue.push(...(JSON.parse(body) as StandInAnswer[]));
        return send(200, { queued: queue.length });
      }
      if (request.method === 'GET' && request.url === '/stand-in/requests') return send(200, requests);
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') return send(404, { error: { message: 'Not found' } });
      const parsed = JSON.parse(body) as Omit<StandInRequest, 'authorization'>;
      requests.push({ ...parsed, authorization: request.headers.authorization });
      const answer = queue.shift() ?? { kind: 'content', content: JSON.stringify({ paragraphs: [] }) };
      if (answer.kind === 'silence') return; // the socket stays open until the client gives up or close()
      if (answer.kind === 'status') return send(answer.status, { error: { message: answer.message, type: 'stand_in_error' } });
      if (answer.delay_ms) await new Promise((resolve) => setTimeout(resolve, answer.delay_ms));
      send(200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 812, completion_tokens: 164, total_tokens: 976 },
      });
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerNext: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
