import { z } from "zod";

/** The input rules of the upload commands and reads (api-contract §13). */

export const listUploadsInput = z.object({});

/** One of the user's files; an id that is no UUID is a file not found (the command says so). */
export const uploadInput = z.object({ id: z.string() });

/** `POST /api/v1/users/current_user/uploads?name=<file name>`: the bytes and their declared type. */
export const createUploadInput = z.object({
  name: z.string("Say the file's name (?name=).").min(1, "Say the file's name (?name=).").max(1000),
  contentType: z.string().optional(),
  body: z.instanceof(Buffer),
});
