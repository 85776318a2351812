import { ConsensusScreen } from "#client/features/consensus/components/consensus-screen.tsx";

/** /consensus: the Community Consensus, its tab and slice in the address. */
export default function ConsensusRoute() {
  return <ConsensusScreen />;
}
