# Loads each .tscn given on the command line the way a game does (load, instance, add to the tree) and prints what
# Godot 3 made of it: every CollisionPolygon2D as written, and the physics shapes its solid build mode gave.
#   NODE <scene> <node> <disabled 0|1> x,y x,y ...
#   SHAPE <scene> <node> <class> x,y x,y ...
extends SceneTree

func points_text(points):
	var parts = []
	for p in points:
		parts.append("%s,%s" % [p.x, p.y])
	return PoolStringArray(parts).join(" ")

func _init():
	var status = 0
	for path in OS.get_cmdline_args():
		if not path.ends_with(".tscn"):
			continue
		var packed = load(path)
		if packed == null:
			print("LOADFAIL ", path)
			status = 3
			continue
		var body = packed.instance()
		get_root().add_child(body)
		print("BODY ", path.get_file(), " ", body.get_class(), " ", body.get_child_count())
		for node in body.get_children():
			if node is CollisionPolygon2D:
				print("NODE ", path.get_file(), " ", node.name, " ", 1 if node.disabled else 0, " ", points_text(node.polygon))
		for owner_id in body.get_shape_owners():
			var node = body.shape_owner_get_owner(owner_id)
			for i in range(body.shape_owner_get_shape_count(owner_id)):
				var shape = body.shape_owner_get_shape(owner_id, i)
				print("SHAPE ", path.get_file(), " ", node.name, " ", shape.get_class(), " ", points_text(shape.points))
		body.queue_free()
	quit(status)
