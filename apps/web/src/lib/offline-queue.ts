import { openDB } from "idb";
import type { DBSchema, IDBPDatabase } from "idb";
import { onlineManager } from "@tanstack/react-query";
import type { FunctionRequest, FunctionResponse } from "@fitwise/contracts/functions";
import { ApiError } from "./api-client";
import { getAuthState } from "./auth-session";
import { callFunction } from "./call-function";
import { OFFLINE_DB_NAME } from "./offline-wipe";

/**
 * The offline write queue (docs/decisions/047). Weigh-ins, eaten ticks, logged sets, diary entries and shopping-list ticks are written here
 * first, each with an id made in the browser, then sent in the order they were made. The server
 * applies an id once and answers a replay with the first answer, so a write whose answer was lost is
 * simply sent again. A write stays queued while the network or the server fails; one the server
 * refuses (e.g. an eaten item no longer in the plan) leaves the queue and is reported, never dropped
 * silently. Signed-in pages only: the landing page never loads this module or IndexedDB.
 */

export type QueueableName =
  "log_weight" | "log_meal_eaten" | "log_workout_set" | "log_food" | "set_grocery_tick";

interface QueuedWrite<N extends QueueableName = QueueableName> {
  /** Order of making; IndexedDB's key generator only grows. */
  seq?: number;
  clientId: string;
  /** Whose write it is: only the signed-in user's writes are sent. */
  userId: string;
  name: N;
  payload: FunctionRequest<N>;
  /** What it was, for the person: "Weigh-in of 80 kg on 2026-11-27". */
  label: string;
}

interface OfflineSchema extends DBSchema {
  writes: { key: number; value: QueuedWrite };
}

export type WriteOutcome<N extends QueueableName> =
  { status: "sent"; response: FunctionResponse<N> } | { status: "queued" };

export type QueueEvent =
  | { type: "pending"; count: number }
  | { type: "sent"; names: QueueableName[] }
  | { type: "refused"; label: string; message: string };

const listeners = new Set<(event: QueueEvent) => void>();

export function subscribeQueue(listener: (event: QueueEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: QueueEvent): void {
  for (const listener of listeners) listener(event);
}

let database: Promise<IDBPDatabase<OfflineSchema>> | null = null;

function store(): Promise<IDBPDatabase<OfflineSchema>> {
  database ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("writes", { keyPath: "seq", autoIncrement: true });
    },
    // Sign-out deletes the store (lib/offline-wipe.ts): let go of it, and open it afresh next time.
    blocking() {
      const open = database;
      database = null;
      void open?.then((db) => db.close());
    },
    terminated() {
      database = null;
    },
  });
  return database;
}

function currentUserId(): string | null {
  return getAuthState().session?.user.id ?? null;
}

/** The network or the server failed, or the session must be renewed first: worth sending again later. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 401 || error.status === 429 || error.status >= 500;
}

/** Answers of writes someone is still waiting for, by client id (sendOrQueue picks them up). */
const settled = new Map<string, { ok: true; response: unknown } | { ok: false; error: unknown }>();
const awaited = new Set<string>();

/** One pass over the queue: the signed-in user's writes in order, until one must wait. */
async function sendQueued(): Promise<void> {
  const userId = currentUserId();
  if (!userId || !onlineManager.isOnline()) return;
  const db = await store();
  const sent: QueueableName[] = [];
  for (;;) {
    const next = (await db.getAll("writes")).find((write) => write.userId === userId);
    if (!next || next.seq === undefined) break;
    try {
      const response = await callFunction(next.name, { ...next.payload, client_id: next.clientId });
      if (awaited.has(next.clientId)) settled.set(next.clientId, { ok: true, response });
      sent.push(next.name);
    } catch (error) {
      if (isRetryable(error)) break;
      // Someone waiting for this write is told by sendOrQueue; a write from earlier is reported here.
      if (awaited.has(next.clientId)) settled.set(next.clientId, { ok: false, error });
      else {
        const message = error instanceof Error ? error.message : "The server refused it.";
        emit({ type: "refused", label: next.label, message });
      }
    }
    await db.delete("writes", next.seq);
  }
  if (sent.length > 0) emit({ type: "sent", names: sent });
  emit({ type: "pending", count: await pendingWrites() });
}

let passes: Promise<void> = Promise.resolve();

/**
 * Sends what is queued. Passes run one after another in this tab, and one tab at a time where the
 * browser has Web Locks; a write sent twice all the same is applied once by the server.
 */
export function flushQueue(): Promise<void> {
  const pass = async () => {
    if ("locks" in navigator) await navigator.locks.request(`${OFFLINE_DB_NAME}-send`, sendQueued);
    else await sendQueued();
  };
  passes = passes.then(pass, pass).catch(() => undefined);
  return passes;
}

/** The signed-in user's writes not sent yet. */
export async function pendingWrites(): Promise<number> {
  const userId = currentUserId();
  if (!userId) return 0;
  const writes = await (await store()).getAll("writes");
  return writes.filter((write) => write.userId === userId).length;
}

/**
 * Queues the write, then sends the queue: "sent" with the server's answer, or "queued" while
 * offline or the server cannot be reached (it goes with the next pass). A write the server refuses
 * rejects with its error, as a direct call would.
 */
export async function sendOrQueue<N extends QueueableName>(
  name: N,
  payload: FunctionRequest<N>,
  label: string,
): Promise<WriteOutcome<N>> {
  const userId = currentUserId();
  if (!userId) throw new ApiError(401, "no_authorization", "No active session found. Please log in.");
  const clientId = crypto.randomUUID();
  awaited.add(clientId);
  try {
    const write: QueuedWrite<N> = { clientId, userId, name, payload, label };
    await (await store()).add("writes", write);
    emit({ type: "pending", count: await pendingWrites() });
    await flushQueue();
    const outcome = settled.get(clientId);
    settled.delete(clientId);
    if (!outcome) return { status: "queued" };
    if (!outcome.ok) throw outcome.error;
    return { status: "sent", response: outcome.response as FunctionResponse<N> };
  } finally {
    awaited.delete(clientId);
  }
}
