import type { DemoContext } from '../../db/demo/context';

/** Demo rows of the faq module (issue 16), through the API. Returns whether it seeded anything. */
export async function seedFaqDemo(ctx: DemoContext): Promise<boolean> {
  void ctx;
  return false;
}
