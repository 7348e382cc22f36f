import { NotInRun } from "@/components/run/not-in-run";

export default function RolloutNotFound() {
  return <NotInRun thing="rollout" />;
}
