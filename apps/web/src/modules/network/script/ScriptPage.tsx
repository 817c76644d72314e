import Placeholder from '../../../core/Placeholder';

/** Issue 12: being built. */
export default function Page() {
  return <Placeholder module="Rede" />;
}
