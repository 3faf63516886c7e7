package cases

import "github.com/conform-dev/conform/internal/fuzz/gen"

// init registers FuzzTrajectory: trajectory/1's derive on drawn event
// streams with nested lanes (gen.Trajectory; spec/trajectory.md).
func init() {
	register(Target{Name: "FuzzTrajectory", Contract: "trajectory/1", Ops: []string{"derive"}, draw: gen.Trajectory})
}
