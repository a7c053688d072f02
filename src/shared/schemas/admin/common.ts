import { z } from 'zod';

// Pieces the administration schemas share.

export const ZIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

export const reasonText = (message: string) =>
  z.string({ error: message }).trim().min(3, { error: message }).max(1000, { error: 'Must be at most 1000 characters' });
