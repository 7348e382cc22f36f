import { z } from "zod";

/* POST and DELETE /api/session: signing a browser in with the read token, and out. */

/** The sign-in body (JSON or a form): the token, and where a form goes once signed in. */
export const ZSignIn = z.object({
  token: z.string().trim().min(1, "Enter the token.").max(4096),
  next: z.string().max(2048).optional(),
});

/** What a JSON sign-in or sign-out answers; a form post is answered with a 303 instead. */
export const ZSessionAnswer = z.object({ signedIn: z.boolean(), required: z.boolean().optional() });
