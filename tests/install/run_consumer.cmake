# ctest driver (tests/CMakeLists.txt, test install_consumer): installs the core into a fresh prefix in the
# build tree, then builds tests/install/consumer against it twice — with find_package(CollisionLab) and
# with pkg-config — and runs both. Arguments (-D): BUILD_DIR, WORK_DIR, CONSUMER_SRC, CXX, LAUNCHER,
# FLAGS (extra compile and link flags, e.g. the sanitizers'), PUBLIC_HEADERS (core/CMakeLists.txt's list),
# CORE_DIR (the source core/).
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    string(JOIN " " command ${ARGN})
    message(FATAL_ERROR "failed (${status}): ${command}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} --component core)
foreach(expected include/collision_lab/core/scene/scene.h include/collision_lab/core/record/collision_lab_record.h
                 lib/libcollision_core.a lib/cmake/CollisionLab/CollisionLabConfig.cmake lib/pkgconfig/collision-lab.pc)
  if(NOT EXISTS ${prefix}/${expected})
    message(FATAL_ERROR "the install did not put ${expected} into ${prefix}")
  endif()
endforeach()

# 1. CMake: find_package(CollisionLab) -> CollisionLab::core.
set(launcher "")
if(LAUNCHER)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${CMAKE_COMMAND} -S ${CONSUMER_SRC} -B ${WORK_DIR}/cmake-build -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX} ${launcher}
    "-DCMAKE_CXX_FLAGS=${FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake-build)
run(${WORK_DIR}/cmake-build/consumer)
message(STATUS "find_package consumer: ${out}")
if(NOT out STREQUAL "hit 1 overlap 8\n")
  message(FATAL_ERROR "the find_package consumer printed '${out}', expected 'hit 1 overlap 8'")
endif()

# 2. pkg-config: the same program from one compiler command (--static: the core is a static library).
set(ENV{PKG_CONFIG_PATH} ${prefix}/lib/pkgconfig)
run(pkg-config --cflags --libs --static collision-lab)
separate_arguments(pcFlags UNIX_COMMAND "${out}")
separate_arguments(extraFlags UNIX_COMMAND "${FLAGS}")
run(${LAUNCHER} ${CXX} ${extraFlags} ${CONSUMER_SRC}/main.cpp -o ${WORK_DIR}/pkg-config-consumer ${pcFlags})
run(${WORK_DIR}/pkg-config-consumer)
message(STATUS "pkg-config consumer: ${out}")
if(NOT out STREQUAL "hit 1 overlap 8\n")
  message(FATAL_ERROR "the pkg-config consumer printed '${out}', expected 'hit 1 overlap 8'")
endif()

# 3. The installed headers are exactly the public list, and each compiles alone: a consumer that includes
#    any one of them needs nothing that was not installed.
file(GLOB_RECURSE installed RELATIVE ${prefix}/include/collision_lab/core ${prefix}/include/collision_lab/core/*)
list(SORT installed)
set(expectedHeaders ${PUBLIC_HEADERS})
list(SORT expectedHeaders)
if(NOT installed STREQUAL expectedHeaders)
  message(FATAL_ERROR "installed headers differ from core/CMakeLists.txt's public list:\n installed: ${installed}\n public: ${expectedHeaders}")
endif()
file(GLOB_RECURSE allHeaders RELATIVE ${CORE_DIR} ${CORE_DIR}/*.h)
list(LENGTH allHeaders allCount)
list(LENGTH installed publicCount)
if(NOT allCount GREATER publicCount)
  message(FATAL_ERROR "every core header is installed; internals must stay out")
endif()
run(pkg-config --cflags collision-lab)
separate_arguments(cflags UNIX_COMMAND "${out}")
foreach(header ${installed})
  string(MAKE_C_IDENTIFIER ${header} stem)
  file(WRITE ${WORK_DIR}/alone/${stem}.cpp "#include \"core/${header}\"\n")
  run(${LAUNCHER} ${CXX} -std=c++20 -fsyntax-only -Wall -Wextra ${cflags} ${WORK_DIR}/alone/${stem}.cpp)
endforeach()
message(STATUS "each of the ${publicCount} public headers compiles alone; ${allCount} headers in core/")
