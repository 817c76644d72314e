import type { DemoContext } from '../../core/demo-context';

/** Demo rows of the report module, through the API. Returns whether it seeded anything. */
export async function seedReportDemo(ctx: DemoContext): Promise<boolean> {
  void ctx;
  return false;
}
