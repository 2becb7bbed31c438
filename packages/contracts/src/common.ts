import { z } from 'zod';

/** Trimmed text with bounds: what a person types into a form. */
export const text = (max: number) => z.string().trim().min(1).max(max);
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const OkSchema = z.object({ ok: z.literal(true) });
export const IdParamsSchema = z.object({ id: z.uuid() });

/** A route as both sides see it: the server registers it, the web client calls it. */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
