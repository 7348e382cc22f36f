import { NotInRun } from "@/components/run/not-in-run";

export default function TaskNotFound() {
  return <NotInRun thing="task" />;
}
