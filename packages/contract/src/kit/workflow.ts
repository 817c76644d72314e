import { z } from 'zod';

/** Colours a step's button may take (MUI palette names). */
export const STEP_COLORS = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;
export type StepColor = (typeof STEP_COLORS)[number];

/**
 * One workflow step a user may take now on a record (`POST /api{apiPath}/{id}/{verb}`): the API
 * lists in each read shape's `steps` only those legal from the current status, permitted to
 * this user and allowed by the step's own rule (e.g. nobody approves their own request).
 */
export const workflowStep = z.object({
  verb: z.string(),
  label: z.string(),
  /** The step's body needs `{reason}` (ask it before posting). */
  needs_reason: z.boolean(),
  color: z.enum(STEP_COLORS).optional(),
});
export type WorkflowStep = z.infer<typeof workflowStep>;
export const workflowSteps = z.array(workflowStep);
