import { randomUUID } from "node:crypto";
import { ACCOUNT_MESSAGES } from "@boxyard/domain";
import { and, desc, eq, sum } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { uploads, users } from "../../db/schema/index.ts";
import { AppError, invalid, notFound } from "../../http/errors.ts";
import { command, openQuery, query } from "../../service/command.ts";
import { createUploadInput, listUploadsInput, uploadInput } from "./uploads.schema.ts";

type UploadRow = typeof uploads.$inferSelect;

/** Types a browser may show in place; anything else is served as a download of bytes. */
const INLINE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "video/mp4",
  "video/webm",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "application/pdf",
  "text/plain",
]);

/** A declared content type kept only when it looks like one (`type/subtype`), lowercased, without parameters. */
export function cleanContentType(value: string | undefined): string {
  const type = (value ?? "").split(";")[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) && type.length <= 100
    ? type
    : "application/octet-stream";
}

/** A file name without folders or control characters. */
export function cleanFileName(value: string): string {
  return value
    .replace(/[\\/]/g, "_")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 255);
}

/** How a stored file is served: inline for harmless types, otherwise as a download of bytes. */
export function servingOf(upload: Pick<UploadRow, "contentType">): { type: string; inline: boolean } {
  if (INLINE_TYPES.has(upload.contentType)) {
    return {
      type: upload.contentType === "text/plain" ? "text/plain; charset=utf-8" : upload.contentType,
      inline: true,
    };
  }
  return { type: "application/octet-stream", inline: false };
}

export const uploadUrl = (publicUrl: string, id: string) => `${publicUrl}/api/v1/uploads/${id}`;

const present = (publicUrl: string, u: UploadRow) => ({
  id: u.id,
  name: u.name,
  objectSize: u.objectSize,
  contentType: u.contentType,
  url: uploadUrl(publicUrl, u.id),
  insertedAt: u.insertedAt.toISOString(),
});

async function usedBytes(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(uploads.objectSize) })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return Number(row?.total ?? 0);
}

/** An id that is no UUID names no file: answered as not found, as a missing one is. */
function knownId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw notFound(ACCOUNT_MESSAGES.uploadNotFound);
  return id;
}

/** `GET /api/v1/users/current_user/uploads`: the files, newest first, and the storage used / total. */
export const listUploads = query(listUploadsInput, async (ctx) => {
  const rows = await ctx.db
    .select()
    .from(uploads)
    .where(eq(uploads.userId, ctx.userId))
    .orderBy(desc(uploads.insertedAt), desc(uploads.id));
  return {
    uploads: rows.map((u) => present(ctx.deps.config.publicUrl, u)),
    currentSize: await usedBytes(ctx.db, ctx.userId),
    maxSize: ctx.deps.config.uploadQuotaBytes,
  };
});

/**
 * Stores a file (at most 5MB: the body limit answers 413 before this runs) within the user's
 * storage. The bytes are written first; the row is added after locking the user, so parallel
 * uploads cannot pass the quota together. A refused upload leaves no bytes behind.
 */
export const createUpload = command(createUploadInput, async (ctx, file) => {
  const { db, userId } = ctx;
  const { storage, config } = ctx.deps;
  const name = cleanFileName(file.name);
  if (!name) throw invalid(ACCOUNT_MESSAGES.uploadNameRequired, "name");
  if (file.body.length === 0) throw invalid(ACCOUNT_MESSAGES.uploadEmpty, "file");
  const id = randomUUID();
  const key = `${userId}/${id}`;
  const contentType = cleanContentType(file.contentType);
  await storage.put(key, file.body, contentType);
  try {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if ((await usedBytes(db, userId)) + file.body.length > config.uploadQuotaBytes) {
      throw new AppError("CONFLICT", ACCOUNT_MESSAGES.uploadsFull);
    }
    const [inserted] = await db
      .insert(uploads)
      .values({ id, userId, name, contentType, objectSize: file.body.length, storageKey: key })
      .returning();
    return present(config.publicUrl, inserted!);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
});

/** Deletes one of the user's files; another user's file is answered as not found. */
export const deleteUpload = command(uploadInput, async (ctx, input) => {
  const [removed] = await ctx.db
    .delete(uploads)
    .where(and(eq(uploads.id, knownId(input.id)), eq(uploads.userId, ctx.userId)))
    .returning();
  if (!removed) throw notFound(ACCOUNT_MESSAGES.uploadNotFound);
  await ctx.deps.storage.delete(removed.storageKey);
});

/** `GET /api/v1/uploads/:id`: a stored file by its (unguessable) id, to anyone: its row and bytes. */
export const readUpload = openQuery(uploadInput, async (ctx, input) => {
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(eq(uploads.id, knownId(input.id)))
    .limit(1);
  if (!row) throw notFound(ACCOUNT_MESSAGES.uploadNotFound);
  const body = await ctx.deps.storage.get(row.storageKey);
  if (!body) throw notFound(ACCOUNT_MESSAGES.uploadNotFound);
  return { row, body };
});
