export default function Home() {
  return <main>Payroute</main>;
}
