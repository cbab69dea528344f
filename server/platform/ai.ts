import type { Config } from '../env.ts';
import { AppError } from './errors.ts';

/**
 * The operator's AI provider: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI,
 * or a local Ollama, llama.cpp or vLLM server), through the openai client. One request, no retries
 * (a retry of a minute-long request is the person's choice, not ours), answered as JSON.
 */

export type AiConfig = NonNullable<Config['ai']>;

export interface ChatAnswer {
  /** The message's text as the model wrote it. */
  content: string;
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
}

/** Why a provider gave no usable answer, in words for the person who asked; `kind` is for the audit log. */
export class AiProviderError extends AppError {
  readonly kind: 'timeout' | 'unreachable' | 'refused' | 'malformed';
  constructor(kind: AiProviderError['kind'], message: string, status: number) {
    super('unavailable', message, { status });
    this.kind = kind;
  }
}

const KEPT = 'Nothing you entered was lost: try again, or write the narrative yourself.';

/** The provider's answer to a system and a user message, asked for as a JSON object. */
export async function chatJson(ai: AiConfig, system: string, user: string): Promise<ChatAnswer> {
  // The client is loaded on the first request, so a server with no provider configured never holds it.
  const { default: OpenAI, APIConnectionError, APIConnectionTimeoutError, APIError } = await import('openai');
  // Local servers (Ollama, llama.cpp) take any key; the client insists on one.
  const client = new OpenAI({ baseURL: ai.baseUrl, apiKey: ai.apiKey ?? 'none', timeout: ai.timeoutMs, maxRetries: 0 });
  try {
    const completion = await client.chat.completions.create({
      model: ai.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    const content = completion.choices[0]?.message.content;
    if (typeof content !== 'string' || content.trim() === '')
      throw new AiProviderError('malformed', `The AI provider answered with no draft. ${KEPT}`, 502);
    return {
      content,
      model: completion.model || ai.model,
      promptTokens: completion.usage?.prompt_tokens ?? null,
      completionTokens: completion.usage?.completion_tokens ?? null,
    };
  } catch (error) {
    if (error instanceof AiProviderError) throw error;
    if (error instanceof APIConnectionTimeoutError)
      throw new AiProviderError(
        'timeout',
        `The AI provider did not answer within ${Math.round(ai.timeoutMs / 1000)} seconds. ${KEPT}`,
        504,
      );
    if (error instanceof APIConnectionError) throw new AiProviderError('unreachable', `The AI provider could not be reached. ${KEPT}`, 502);
    if (error instanceof APIError)
      throw new AiProviderError(
        'refused',
        `The AI provider refused the request (${error.status ?? 'no status'}: ${error.message}). ${KEPT}`,
        502,
      );
    // The client throws a SyntaxError when a 2xx answer's body is not JSON at all.
    if (error instanceof SyntaxError) throw new AiProviderError('malformed', `The AI provider's answer could not be read. ${KEPT}`, 502);
    throw error;
  }
}

/** The JSON object in a model's text, which local models sometimes wrap in a Markdown fence. */
export function jsonIn(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  try {
    return JSON.parse((fenced ? fenced[1]! : content).trim()) as unknown;
  } catch {
    return undefined;
  }
}

export const PROVIDER_KEPT_MESSAGE = KEPT;
